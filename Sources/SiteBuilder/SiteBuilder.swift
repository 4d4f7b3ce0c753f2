// The site builder.
