CREATE TABLE "maintenance_transitions" (
	"window" text NOT NULL,
	"edge" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_transitions_window_edge_at_pk" PRIMARY KEY("window","edge","at")
);
