"""What the side-by-side server benchmarks share (pull_then_edit.py, request_storm.py): their
arguments, the servers they run, and a started server with the workspace's document known."""
import argparse
import os

import lsp_bench as lb


def arguments(doc, **extra):
    """--server-bin, --baseline-bin, --workspace, and each of `extra` (name: (type, default))."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--server-bin", required=True)
    ap.add_argument("--baseline-bin")
    ap.add_argument("--workspace", required=True, help="a folder from Benchmarks/generate_locales.py")
    for name, (kind, default) in extra.items():
        ap.add_argument("--" + name.replace("_", "-"), type=kind, default=default)
    args = ap.parse_args()
    args.workspace = os.path.abspath(args.workspace)
    args.servers = [("labelspec", os.path.abspath(args.server_bin))]
    if args.baseline_bin:
        args.servers.append(("baseline", os.path.abspath(args.baseline_bin)))
    return args


def workspace_document(root, first_open=None):
    """The workspace's Labels.labelspec as lsp_bench.start opens it: `first_open` (a didOpen's
    params) is sent first instead when given, and the document's own didOpen is then returned
    for the caller to send."""
    path = os.path.join(root, "Labels.labelspec")

    class Doc:
        pass
    doc = Doc()
    doc.root, doc.uri = root, "file://" + path
    own = lb.Client.encode({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": doc.uri, "languageId": "labelspec", "version": 1, "text": open(path, encoding="utf-8").read()}}})
    doc.did_open = lb.Client.encode({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": first_open}) if first_open else own
    return doc, own
