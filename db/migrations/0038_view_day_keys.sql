CREATE TABLE "view_day_keys" (
	"day" date NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "view_day_keys_day_key_pk" PRIMARY KEY("day","key")
);
