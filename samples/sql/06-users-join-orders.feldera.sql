-- Feldera SQL exported by DBSP Studio from "users ⋈ orders, step by step"
-- Tables hold the inputs' contents; each view's changes are the circuit's output changes.

CREATE TABLE users (
  id INT NOT NULL,
  name VARCHAR NOT NULL
);

CREATE TABLE orders (
  user_id INT NOT NULL,
  item VARCHAR NOT NULL
);

CREATE VIEW user_orders AS
SELECT l.id AS user_id, l.name, r.item
FROM users AS l
JOIN orders AS r ON l.id = r.user_id;
