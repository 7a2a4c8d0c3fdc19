"""The terminal interface: a game against the computer, simulation and replay."""
