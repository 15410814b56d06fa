"""A key's hover names the file of a legacy table that has the key (issue 33, point 15, review):
a `.strings` table is one file per locale, and the hover named the table's first file by path
(`de.lproj/…` before `en.lproj/…`) even for a key only `en.lproj` has. It names the first
locale's file (the development language's when it has the key; a `.stringsdict` for plural
rules). Under each recorded client profile."""

from __future__ import annotations

from lsprotocol import types

from conftest import initialize
from test_lsp import hover, open_doc

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="function")

STRINGSDICT = """<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict><key>n</key><dict>
<key>NSStringLocalizedFormatKey</key><string>%#@c@</string>
<key>c</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
<key>NSStringFormatValueTypeKey</key><string>lld</string>
<key>one</key><string>%lld thing</string><key>other</key><string>%lld things</string></dict>
</dict></dict></plist>
"""

TEXT = ('label Both {\n    text: .localized("both")\n}\n'
        'label En {\n    text: .localized("en only")\n}\n'
        'label De {\n    text: .localized("de only")\n}\n'
        'label Plural {\n    text: .localized("n")\n}\n')


async def test_a_legacy_keys_hover_names_a_file_that_has_it(raw, tmp_path):
    (tmp_path / "en.lproj").mkdir()
    (tmp_path / "de.lproj").mkdir()
    (tmp_path / "en.lproj" / "Localizable.strings").write_text('"both" = "Both";\n"en only" = "English";\n')
    (tmp_path / "en.lproj" / "Localizable.stringsdict").write_text(STRINGSDICT)
    (tmp_path / "de.lproj" / "Localizable.strings").write_text('"both" = "Beide";\n"de only" = "Deutsch";\n')
    await initialize(raw, raw.recorded, workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")])
    uri, _ = await open_doc(raw, TEXT, uri=(tmp_path / "a.labelspec").as_uri())

    async def value(line):
        return (await hover(raw, uri, line, 24)).contents.value

    head = "\n\n| locale | text |\n|---|---|\n"
    assert await value(1) == '**"both"** in `en.lproj/Localizable.strings`' + head + "| en | Both |\n| de | Beide |\n"
    assert await value(4) == '**"en only"** in `en.lproj/Localizable.strings`' + head + "| en | English |\n"
    assert await value(7) == '**"de only"** in `de.lproj/Localizable.strings`' + head + "| de | Deutsch |\n"
    # Plural rules: the .stringsdict beside the .strings.
    assert (await value(10)).startswith('**"n"** in `en.lproj/Localizable.stringsdict`' + head)
