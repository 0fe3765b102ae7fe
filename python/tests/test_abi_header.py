"""The ctypes bindings (`midiroll._library`) against `include/midiroll.h`, read from the header
itself: every struct the package mirrors has the header's fields, types, offsets and size; every
column list names the header's columns in order; the note records' dtype is the header's record;
and every function of the header is typed in the package with the header's argument and result
types, and the package types no function the header lacks. A change to one side alone fails here,
not as a crash in a user's process."""

import ctypes
import os
import re

import pytest

from midiroll import _library
from midiroll._song import NOTE_DTYPE
from conftest import ROOT

HEADER = os.path.join(ROOT, "include", "midiroll.h")

SCALARS = {
    "int8_t": ctypes.c_int8, "uint8_t": ctypes.c_uint8, "int16_t": ctypes.c_int16, "uint16_t": ctypes.c_uint16,
    "int32_t": ctypes.c_int32, "uint32_t": ctypes.c_uint32, "int64_t": ctypes.c_int64,
    "uint64_t": ctypes.c_uint64, "size_t": ctypes.c_size_t, "double": ctypes.c_double, "char": ctypes.c_char,
}
"""The header's scalar C types and their ctypes."""


def _without_comments(text: str) -> str:
    return re.sub(r"/\*.*?\*/", " ", re.sub(r"//[^\n]*", " ", text), flags=re.S)


def _header() -> str:
    with open(HEADER, encoding="utf-8") as file:
        return _without_comments(file.read())


def _defines(text: str) -> dict:
    return {name: value for name, value in re.findall(r"#define\s+(MIDIROLL_\w+)\s+(\w+)", text)}


def _structs(text: str) -> dict:
    """Each `typedef struct name { … } name;` as a list of (C type, field, array length or None)."""
    structs = {}
    defines = _defines(text)
    for name, body in re.findall(r"typedef\s+struct\s+(\w+)\s*\{(.*?)\}\s*\w+\s*;", text, flags=re.S):
        fields = []
        for declaration in filter(None, (part.strip() for part in body.split(";"))):
            match = re.fullmatch(r"([\w\s\*]+?)\s*(\w+)\s*(?:\[(\w+)\])?", " ".join(declaration.split()))
            assert match, f"{name}: cannot read the field {declaration!r}"
            kind, field, length = match.groups()
            if length is not None:
                length = int(defines.get(length, length).rstrip("u"))
            fields.append((kind, field, length))
        structs[name] = fields
    return structs


def _opaque(text: str) -> set:
    return set(re.findall(r"typedef\s+struct\s+(\w+)\s+\1\s*;", text))


def _functions(text: str) -> dict:
    """Each `result midiroll_name(parameters);` as (result type, [parameter types])."""
    functions = {}
    for result, name, parameters in re.findall(r"([\w\s\*]+?)\s*\b(midiroll_\w+)\s*\(([^;{}]*?)\)\s*;", text):
        result = " ".join(result.split()).replace("extern ", "")
        types = []
        if parameters.strip() != "void":
            for parameter in parameters.split(","):
                parameter = " ".join(parameter.split())
                match = re.fullmatch(r"(.*?)(\w+)", parameter)
                types.append(" ".join(match.group(1).replace("*", " * ").split()))
        functions[name] = (" ".join(result.replace("*", " * ").split()), types)
    return functions


HEADER_TEXT = _header()
STRUCTS = _structs(HEADER_TEXT)
OPAQUE = _opaque(HEADER_TEXT)
FUNCTIONS = _functions(HEADER_TEXT)
MIRRORS = {
    value.__doc__.strip().strip(".").strip("`"): value
    for value in vars(_library).values()
    if isinstance(value, type) and issubclass(value, ctypes.Structure) and value.__doc__
}
"""The package's ctypes structures by the header's name their docstring gives (`midiroll_error`)."""
COLUMN_LISTS = {
    "midiroll_note_columns": _library.NOTE_COLUMNS,
    "midiroll_track_columns": _library.TRACK_COLUMNS,
    "midiroll_tempo_columns": _library.TEMPO_COLUMNS,
    "midiroll_time_signature_columns": _library.TIME_SIGNATURE_COLUMNS,
    "midiroll_key_signature_columns": _library.KEY_SIGNATURE_COLUMNS,
}
"""The header's column structs and the package's names for their columns, which it lays out as
pairs of 64-bit (data, stride)."""


def _layout(name: str) -> tuple:
    """The header struct's fields as (name, offset, size), and its size, by C's natural alignment."""
    offset, alignment, fields = 0, 1, []
    for kind, field, length in STRUCTS[name]:
        if kind in STRUCTS:
            (_, size), align = _layout(kind), 8
        elif kind.endswith("*"):
            size = align = 8
        else:
            size = align = ctypes.sizeof(SCALARS[kind])
        size *= length or 1
        offset = (offset + align - 1) // align * align
        fields.append((field, offset, size))
        offset += size
        alignment = max(alignment, align)
    return fields, (offset + alignment - 1) // alignment * alignment


def test_the_header_is_read():
    assert len(STRUCTS) >= 10 and "midiroll_song" in OPAQUE and len(FUNCTIONS) >= 15
    assert int(_defines(HEADER_TEXT)["MIDIROLL_ABI_VERSION"]) == _library.ABI_VERSION


@pytest.mark.parametrize("name", sorted(MIRRORS))
def test_every_mirrored_struct_has_the_headers_layout(name):
    assert name in STRUCTS, f"{name}: the package mirrors a struct the header lacks"
    mirror = MIRRORS[name]
    declared = [field[0] for field in mirror._fields_]
    fields, size = _layout(name)
    assert declared == [field for field, _, _ in fields]
    for (field, offset, length), (_, kind) in zip(fields, mirror._fields_):
        assert (getattr(mirror, field).offset, getattr(mirror, field).size) == (offset, length), field
        c_kind, _, count = next(entry for entry in STRUCTS[name] if entry[1] == field)
        if c_kind in COLUMN_LISTS:  # a columns struct, as pairs of 64-bit (data, stride)
            assert kind._type_ is ctypes.c_int64 and kind._length_ == 2 * len(COLUMN_LISTS[c_kind]), field
            continue
        if c_kind.endswith("*"):
            assert kind in _ctype(c_kind), field
            continue
        expected = SCALARS[c_kind] * count if count else SCALARS[c_kind]
        assert kind == expected or (count and kind._type_ is SCALARS[c_kind] and kind._length_ == count), field
    assert ctypes.sizeof(mirror) == size


def test_every_struct_the_package_passes_is_mirrored_or_laid_out():
    passed = {kind.strip("const ").strip(" *") for _, types in FUNCTIONS.values() for kind in types}
    structs = {kind for kind in passed if kind in STRUCTS}
    note_record = {"midiroll_note_record"}
    assert structs <= set(MIRRORS) | set(COLUMN_LISTS) | note_record, structs - set(MIRRORS) - set(COLUMN_LISTS)


@pytest.mark.parametrize("name", sorted(COLUMN_LISTS))
def test_every_column_list_is_the_headers(name):
    assert all(kind == "midiroll_column" for kind, _, _ in STRUCTS[name]), name
    assert tuple(field for _, field, _ in STRUCTS[name]) == COLUMN_LISTS[name]
    assert _layout("midiroll_column") == ([("data", 0, 8), ("stride", 8, 8)], 16)


def test_the_note_records_dtype_is_the_headers_record():
    fields, size = _layout("midiroll_note_record")
    assert NOTE_DTYPE.itemsize == size
    for field, offset, length in fields:
        if field == "reserved":
            assert field not in NOTE_DTYPE.names
            continue
        kind, at = NOTE_DTYPE.fields[field][:2]
        assert (at, kind.itemsize) == (offset, length), field


def _ctype(c_type: str):
    """The ctypes type(s) a C type may be bound with: a scalar's own; `const char *` as c_char_p;
    a pointer to a mirrored struct as a pointer to its mirror; other data pointers (bytes, column
    structs, records, out buffers) as c_void_p; the opaque song as c_void_p, its address as a
    pointer to one."""
    words = c_type.replace("const ", "").split()
    stars = words.count("*")
    base = " ".join(word for word in words if word != "*")
    if stars == 0:
        return {None} if base == "void" else {SCALARS[base]}
    if stars == 2 and base in OPAQUE:
        return {ctypes.POINTER(ctypes.c_void_p)}
    if stars == 2 and base == "char":
        return {ctypes.POINTER(ctypes.c_char_p)}
    if stars == 1 and base == "char" and c_type.startswith("const"):
        return {ctypes.c_char_p}
    if stars == 1 and base in MIRRORS:
        return {ctypes.POINTER(MIRRORS[base])}
    if stars == 1 and base in SCALARS and base != "char" and base != "uint8_t":
        return {ctypes.POINTER(SCALARS[base])}
    assert stars == 1, c_type
    return {ctypes.c_void_p}


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
@pytest.mark.parametrize("binding", ["library", "holding_gil"])
def test_every_function_has_the_headers_types(name, binding):
    function = getattr(getattr(_library, binding), name)
    result, parameters = FUNCTIONS[name]
    assert function.restype in _ctype(result), (name, result, function.restype)
    assert function.argtypes is not None, f"{name}: no argtypes"
    assert len(function.argtypes) == len(parameters), (name, parameters, function.argtypes)
    for index, (c_type, bound) in enumerate(zip(parameters, function.argtypes)):
        assert bound in _ctype(c_type), (name, index, c_type, bound)


def test_the_package_types_no_function_the_header_lacks():
    # ctypes keeps each function it was asked for as an attribute of the library.
    for binding in (_library.library, _library.holding_gil):
        typed = {name for name in vars(binding) if name.startswith("midiroll_")}
        assert typed and typed <= set(FUNCTIONS), typed - set(FUNCTIONS)
