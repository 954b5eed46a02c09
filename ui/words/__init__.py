# The engine's words modules (card names, log sentences) are mounted here by the build; see
# tools/site_config.py.
