"""View tests (headless Arcade). Package so its conftest/helpers do not clash with other test folders."""
