CREATE TABLE "department_medians" (
	"window_days" integer NOT NULL,
	"department" text NOT NULL,
	"through" date NOT NULL,
	"listings" integer NOT NULL,
	"views" double precision,
	"applications" double precision,
	CONSTRAINT "department_medians_window_days_department_pk" PRIMARY KEY("window_days","department")
);
