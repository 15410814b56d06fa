"""A storyboard whose import is in the workspace is checked through it (issue 35 point 9), as
`labelspec check` leaves it out: its own findings are not published, one Information diagnostic
on its first line names the spec, pointing at the spec's `// labelspec:source` line. When the spec
is deleted, or its source line names another file, the storyboard's findings come back (and the
note with the spec written again, or the line restored). Under
each recorded client profile. Before: the storyboard got its findings whatever the workspace
held, and each label was reported twice (on the storyboard and on its import)."""

from __future__ import annotations

import asyncio
import json
import subprocess

from lsprotocol import types

from conftest import BIN, initialize
from test_lsp import diagnostics_now, pulls
from test_storyboard_catalogs import STORYBOARD

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

TEXT = STORYBOARD.replace('text="Save"', 'text="Save all of these changes"')

# The storyboard's own findings (line, character, severity, code, message).
FINDINGS = [
    (9, 29, 2, "truncates", 'truncates at .large: "Save…" (60 pt: width 60); in Interface Builder\'s Attributes inspector, set Lines to 0'),
    (17, 29, 2, "fixed-size-font", "the font System 15 pt keeps 15 pt at every Dynamic Type size; choose the text style Subheadline (Font → Text Styles) and tick Automatically Adjusts Font in the Attributes inspector"),
]


def note(client, spec_uri: str, source_line: str):
    """The one diagnostic of a storyboard checked through its import."""
    first = TEXT.split("\n")[0]
    return {
        "range": ((0, 0), (0, len(first))),
        "severity": 3, "code": None, "source": "labelspec",
        "message": "checked through its import Specs/Base.lproj/Main.labelspec",
        "related": [(spec_uri, ((1, 0), (1, len(source_line))), "its labelspec:source line names this file")],
    }


def shown(diagnostics):
    """What a storyboard shows: its findings, or the note in full."""
    if len(diagnostics) == 1 and diagnostics[0].code is None:
        d = diagnostics[0]
        return {
            "range": ((d.range.start.line, d.range.start.character), (d.range.end.line, d.range.end.character)),
            "severity": int(d.severity), "code": d.code, "source": d.source, "message": d.message,
            "related": [(r.location.uri, ((r.location.range.start.line, r.location.range.start.character),
                                          (r.location.range.end.line, r.location.range.end.character)), r.message)
                        for r in d.related_information or []],
        }
    return [(d.range.start.line, d.range.start.character, int(d.severity), d.code, d.message) for d in diagnostics]


async def until(raw, uri: str, want, mark: int):
    """What `uri` shows once it is `want`, or what it showed last after 10 s: the workspace is
    indexed, and files changed on disk are read, off the request thread, so the diagnostics are
    awaited (pushed, or a later pull) rather than taken from the first answer."""
    seen = None
    for _ in range(100):
        if pulls(raw):
            seen = shown((await diagnostics_now(raw, uri, None, after=0)).diagnostics)
        else:
            pushed = [p for p in raw.published[mark:] if p.uri == uri]
            seen = shown(pushed[-1].diagnostics) if pushed else None
        if seen == want:
            break
        await asyncio.sleep(0.1)
    return seen


async def workspace(raw, tmp_path):
    """App/Base.lproj/Main.storyboard imported into Specs/ by `labelspec import`, then the
    storyboard opened: its URI, the spec's path and its source line."""
    (tmp_path / "App" / "Base.lproj").mkdir(parents=True)
    storyboard = tmp_path / "App" / "Base.lproj" / "Main.storyboard"
    storyboard.write_text(TEXT)
    (tmp_path / "labelspec.json").write_text(json.dumps({"contentSizes": ["large"]}))
    done = subprocess.run([BIN, "import", "App/", "--out", "Specs/"], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    spec = tmp_path / "Specs" / "Base.lproj" / "Main.labelspec"
    source_line = spec.read_text().split("\n")[1]
    assert source_line == "// labelspec:source ../../App/Base.lproj/Main.storyboard"
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri = storyboard.as_uri()
    mark = len(raw.published)
    raw.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="xml", version=1, text=TEXT)))
    assert await until(raw, uri, note(raw, spec.as_uri(), source_line), mark) == note(raw, spec.as_uri(), source_line)
    return uri, spec, source_line


async def test_a_storyboard_is_checked_through_its_import_until_the_import_is_deleted(raw, tmp_path):
    uri, spec, source_line = await workspace(raw, tmp_path)
    text = spec.read_text()
    spec.unlink()
    mark = len(raw.published)
    raw.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=spec.as_uri(), type=types.FileChangeType.Deleted)]))
    assert await until(raw, uri, FINDINGS, mark) == FINDINGS
    # Imported again: checked through it again.
    spec.write_text(text)
    mark = len(raw.published)
    raw.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=spec.as_uri(), type=types.FileChangeType.Created)]))
    want = note(raw, spec.as_uri(), source_line)
    assert await until(raw, uri, want, mark) == want


async def test_its_findings_come_back_when_the_source_line_names_another_file(raw, tmp_path):
    uri, spec, source_line = await workspace(raw, tmp_path)
    text = spec.read_text()
    raw.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=spec.as_uri(), language_id="labelspec", version=1, text=text)))
    # The line's path edited in the editor (unsaved): it names another storyboard now.
    end = len(source_line)
    mark = len(raw.published)
    raw.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=spec.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(1, end - len("Main.storyboard")), end=types.Position(1, end)),
            text="Other.storyboard")]))
    assert await until(raw, uri, FINDINGS, mark) == FINDINGS
    # And back: checked through it again.
    mark = len(raw.published)
    raw.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=spec.as_uri(), version=3),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(1, end - len("Main.storyboard")),
                              end=types.Position(1, end - len("Main.storyboard") + len("Other.storyboard"))),
            text="Main.storyboard")]))
    want = note(raw, spec.as_uri(), source_line)
    assert await until(raw, uri, want, mark) == want
