-- How a registered brand's pictures, pages and videos look: `look` is JSON
-- {"palette": {"top", "bottom", "accent"} or null, "typeface": "sans" | "serif" | "mono"}
-- (NULL: derived from the brand's name); the logo is a blob (a re-encoded PNG or a checked SVG).
ALTER TABLE brands ADD COLUMN look TEXT;
ALTER TABLE brands ADD COLUMN logo_blob TEXT;
ALTER TABLE brands ADD COLUMN logo_type TEXT;
-- The registered brand an engine page was made for, whose look its page, pictures and videos
-- have (NULL: none).
ALTER TABLE engine_pages ADD COLUMN brand TEXT;
