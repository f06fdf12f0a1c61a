"""The GURPS rules pack (seed 002)."""
