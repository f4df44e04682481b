-- A saved design keeps the product option chosen in the editor (issue 18, decision 020): colour,
-- size, thickness and material together, so ordering the design — from the editor, my page, a cart
-- or the counter — uses exactly that option and the server refuses any other. NULL for a design
-- saved before this column: such a design is ordered with the one option its template and material
-- fit, or, when several fit, only after the shopper chose one in the editor (never guessed).
-- Not a foreign key: a design outlives the catalogue's options (an order keeps its own copy).
ALTER TABLE designs ADD COLUMN option_no INTEGER;
