import JSONRPC
import LabelSpecSemantics

enum JSONReporter {
    static func render(_ items: [LocatedDiagnostic]) -> String {
        JSONValue.array(items.map { item in
            .object([
                ("file", .string(item.file)),
                ("line", .int(item.line)),
                ("column", .int(item.column)),
                ("endLine", .int(item.endLine)),
                ("endColumn", .int(item.endColumn)),
                ("severity", .string(item.diagnostic.severity.rawValue)),
                ("code", .string(item.diagnostic.code.rawValue)),
                ("message", .string(item.diagnostic.message)),
            ])
        }).serialized(pretty: true) + "\n"
    }
}

/// GitHub Actions workflow commands: one annotation per line.
enum GitHubReporter {
    /// Control characters are escaped first (`TerminalText`): an annotation stays one line and
    /// the log shows no raw escape sequences.
    static func escapeData(_ s: String) -> String {
        TerminalText.escape(s).replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }

    static func render(_ items: [LocatedDiagnostic]) -> String {
        items.map { item in
            let d = item.diagnostic
            let command: String
            switch d.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .information, .hint: command = "notice"
            }
            return "::\(command) file=\(escapeProperty(item.file)),line=\(item.line),col=\(item.column),endLine=\(item.endLine),endColumn=\(item.endColumn),title=\(escapeProperty(d.code.rawValue))::\(escapeData(d.message))\n"
        }.joined()
    }
}

/// SARIF 2.1.0: one run, one rule per diagnostic code.
enum SARIFReporter {
    static func level(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .information, .hint: return "note"
        }
    }

    static func render(_ items: [LocatedDiagnostic], version: String) -> String {
        let codes = DiagnosticCode.allCases.sorted()
        let rules: [JSONValue] = codes.map { code in
            .object([
                ("id", .string(code.rawValue)),
                ("shortDescription", .object([("text", .string(code.summary))])),
                ("fullDescription", .object([("text", .string(code.help))])),
                ("help", .object([("text", .string(code.help))])),
                ("helpUri", .string("https://labelspec.dev/docs/diagnostics#\(code.rawValue)")),
                ("defaultConfiguration", .object([("level", .string(level(code.defaultSeverity)))])),
            ])
        }
        let results: [JSONValue] = items.map { item in
            let d = item.diagnostic
            return .object([
                ("ruleId", .string(d.code.rawValue)),
                ("ruleIndex", .int(codes.firstIndex(of: d.code)!)),
                ("level", .string(level(d.severity))),
                ("message", .object([("text", .string(d.message))])),
                ("locations", .array([
                    .object([
                        ("physicalLocation", .object([
                            ("artifactLocation", .object([("uri", .string(item.file))])),
                            ("region", .object([
                                ("startLine", .int(item.line)),
                                ("startColumn", .int(item.column)),
                                ("endLine", .int(item.endLine)),
                                ("endColumn", .int(item.endColumn)),
                            ])),
                        ]))
                    ])
                ])),
            ])
        }
        let log: JSONValue = .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([
                .object([
                    ("tool", .object([
                        ("driver", .object([
                            ("name", .string("labelspec")),
                            ("version", .string(version)),
                            ("informationUri", .string("https://labelspec.dev")),
                            ("rules", .array(rules)),
                        ]))
                    ])),
                    ("columnKind", .string("unicodeCodePoints")),
                    ("results", .array(results)),
                ])
            ])),
        ])
        return log.serialized(pretty: true) + "\n"
    }
}

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        var out = ""
        var rest = self[...]
        while let r = rest.range(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
