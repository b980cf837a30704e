"""The suite imports the package under test as scripts import classad2."""

import pytest

import classad_engine as classad2


@pytest.fixture
def c2():
    return classad2
