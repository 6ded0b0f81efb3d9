-- Who is asking, shown on the consent page: the integration's homepage and logo. The logo is
-- fetched once at registration and served from this server, so consent pages load nothing
-- from third parties and an integration can neither track views nor swap the image later.
ALTER TABLE clients
  ADD COLUMN homepage_uri text,
  ADD COLUMN logo_uri     text,
  ADD COLUMN logo         bytea,
  ADD COLUMN logo_type    text CHECK (logo_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  ADD CHECK ((logo IS NULL) = (logo_type IS NULL));
