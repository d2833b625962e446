-- Demo mode is marked by a server_secrets row ('demo') that the demo seed writes in its own
-- transaction (src/seed/demo-mode.ts). A database seeded before the marker existed already
-- holds the demo sign-ins with the published password: mark it too, so it keeps saying so.
INSERT INTO server_secrets (name, value)
SELECT 'demo', 'seeded before the marker existed'
WHERE EXISTS (SELECT 1 FROM users WHERE username = 'owner2')
  AND EXISTS (SELECT 1 FROM practices WHERE name = 'Harbor Light Therapy')
ON CONFLICT (name) DO NOTHING;
