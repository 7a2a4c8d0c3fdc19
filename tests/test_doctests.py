"""The examples in the engine's docstrings are part of its documentation: keep them true."""

import doctest

import pytest

import whistdrive
from whistdrive import cards
from whistdrive.games import german


@pytest.mark.parametrize("module", [whistdrive, cards, german])
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0
