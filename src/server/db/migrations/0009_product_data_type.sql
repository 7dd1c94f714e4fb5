-- Product data names its product type (domain/product.ts ProductData is discriminated by it): rows written before carry it in the type column only.
UPDATE "travel_products" SET "data" = jsonb_set("data", '{type}', to_jsonb("type")) WHERE "data"->>'type' IS NULL;
