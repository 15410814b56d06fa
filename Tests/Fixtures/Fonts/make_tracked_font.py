#!/usr/bin/env python3
"""Makes TrackedSans.ttf, the test font with a `trak` table (Apple's tracking table, which none of
Debian's fonts has): DejaVu Sans (Bitstream Vera licence: changes allowed under another name)
cut to printable ASCII, renamed "Tracked Sans", with a made-up normal track of +200 font units
at 10 pt, 0 at 20 pt and -100 at 40 pt (2048 units to the em), and no STAT table, as Apple's
static files. Run once; the font is committed:

    python3 -m venv /tmp/v && /tmp/v/bin/pip install fonttools
    /tmp/v/bin/python Tests/Fixtures/Fonts/make_tracked_font.py
"""
import os
from fontTools import subset
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry

here = os.path.dirname(os.path.abspath(__file__))
options = subset.Options()
options.name_IDs = ["*"]
options.layout_features = ["*"]
font = TTFont("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
subsetter = subset.Subsetter(options)
subsetter.populate(unicodes=range(0x20, 0x7F))
subsetter.subset(font)
for record in font["name"].names:
    if record.nameID in (1, 4, 16):
        record.string = "Tracked Sans"
    elif record.nameID == 6:
        record.string = "TrackedSans"
trak = newTable("trak")
trak.version = 1.0
trak.format = 0
entry = TrackTableEntry({10.0: 200, 20.0: 0, 40.0: -100}, nameIndex=256)
trak.horizData = TrackData({0.0: entry})
trak.vertData = TrackData()
font["trak"] = trak
font.save(os.path.join(here, "TrackedSans.ttf"))
