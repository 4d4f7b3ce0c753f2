// Commands.
