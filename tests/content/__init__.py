"""Tests of the content pipeline (rules.content) and the shipped content files."""
