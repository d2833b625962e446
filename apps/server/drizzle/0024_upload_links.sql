-- Reserved migration slot; replaced by its owner.
SELECT 1;
