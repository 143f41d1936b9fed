"""The content pipeline: YAML in `content/` -> validated pydantic models -> one `rules.catalog.Catalog`.

Entry points: `load_catalog(dir)`, `default_catalog()` (cached), `with_house_rules(catalog, overrides)`,
and the generic `load_model(file, Model)` that other packages (game.sim) use for their own YAML.
`python -m rules.content check [DIR]` / `schema OUTDIR` are the command-line tools.
"""

from rules.content.errors import ContentError, ContentErrors
from rules.content.loader import default_catalog, load_catalog, with_house_rules
from rules.content.yamlsource import YamlDocument, load_model, read_document, validate

__all__ = [
    "ContentError",
    "ContentErrors",
    "YamlDocument",
    "default_catalog",
    "load_catalog",
    "load_model",
    "read_document",
    "validate",
    "with_house_rules",
]
