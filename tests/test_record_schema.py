"""docs/record.schema.json is the schema the record model generates; records the engine writes fit it."""

from __future__ import annotations

import json
from pathlib import Path

from whistdrive.record_schema import schema, schema_text

SCHEMA_FILE = Path(__file__).parents[1] / "docs" / "record.schema.json"


def test_committed_schema_is_the_generated_one():
    """Regenerate with: python -m whistdrive.record_schema > docs/record.schema.json"""
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text()


def test_schema_names_every_top_level_field_and_forbids_others():
    s = schema()
    assert s["additionalProperties"] is False
    assert set(s["properties"]) == {"format", "version", "game", "options", "seats", "chance", "actions", "over",
                                    "result", "seed", "undo_used"}
    assert set(s["required"]) == set(s["properties"]) - {"seed", "undo_used"}
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))["properties"]["game"]["type"] == "string"
