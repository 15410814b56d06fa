import JSON
import LabelSpecSemantics
import LabelVocabulary

/// One setting, described once (rust-analyzer's `config_data!`, ruff's `#[option]`): where it is
/// read, the JSON types and default of its value, a line of documentation, how it is read and laid
/// over the file's value, what a change of it makes stale, and how VS Code offers it.
/// `ConfigurationReader` reads by the table, `Settings.overlaying` lays by it, `Namespace.use`
/// invalidates by it, and `SettingsTableTests` checks VS Code's `package.json` and `extension.js`
/// and the docs' settings tables against it. Adding a setting is one entry of `all` (and its
/// reading method on `ConfigurationReader` when its value is of a new kind).
public struct SettingDescriptor: Sendable {
    /// Where a key is read.
    public enum Place: Sendable, Equatable {
        /// A key of `labelspec.json`, which the editor's settings take too.
        case file
        /// The editor's only: about how it shows things.
        case editor
        /// An older editor name of the file's key `of`, still read from the editor.
        case alias(of: String)
        /// A key a client's `labelspec` section holds for itself (VS Code's `path`, `trace`): not
        /// the server's, and not a problem.
        case client
    }

    /// What a change of a setting makes stale in a namespace (`Namespace.use`); empty: nothing
    /// kept depends on it (it is read where it is used, by each check).
    public struct Invalidation: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The fonts: a new measurer, every kept measurement stale.
        public static let measurer = Invalidation(rawValue: 1)
        /// The texts measured (the plan's locales, device, sample arguments): every kept
        /// measurement stale.
        public static let texts = Invalidation(rawValue: 2)
    }

    /// How the VS Code extension (`editors/vscode`) offers a setting.
    public enum VSCode: Sendable, Equatable {
        /// `labelspec.KEY` in `package.json` (unset: `null`), sent to the server as it is when set:
        /// one of `FILE_KEYS` in `extension.js`.
        case sentAsIs
        /// `labelspec.KEY` in `package.json`, read by `extension.js`'s own code.
        case ownCode
        /// Not offered, and why.
        case notOffered(String)
    }

    public let key: String
    public let place: Place
    /// The JSON types its value may have (`array`, `string`, `object`, `boolean`, `number`).
    public let types: [String]
    /// The default, as JSON text as docs/language.md writes it; nil: none (not set).
    public let defaultValue: String?
    /// What it is, in a line.
    public let doc: String
    public let vscode: VSCode
    public let invalidates: Invalidation
    /// What it sets in `Settings`: laid over other settings together (`Settings.overlaying`).
    let fields: [Field]
    /// Reads its value (the value, the key's range, the value's spans) onto the reader's settings.
    let read: @Sendable (inout ConfigurationReader, JSONValue, Range<Int>, JSONSpan?) -> Void

    /// The key of `labelspec.json` whose value reading this key assigns (an alias's key; a key of
    /// the file itself).
    public var assigns: String {
        if case .alias(let of) = place { return of }
        return key
    }

    /// A part of `Settings` that a setting decides.
    struct Field: Sendable {
        /// Lays the part of the second settings over the first.
        let lay: @Sendable (inout Settings, Settings) -> Void
        /// Whether the two settings agree on it, for what it invalidates.
        let same: @Sendable (Settings, Settings) -> Bool

        /// A value the setting decides: laid over, and a change of it invalidates.
        static func value<T: Equatable & Sendable>(_ path: WritableKeyPath<Settings, T> & Sendable) -> Field {
            Field(lay: { $0[keyPath: path] = $1[keyPath: path] }, same: { $0[keyPath: path] == $1[keyPath: path] })
        }

        /// The value as written, beside the resolved one that decides (`systemFontFile` for
        /// `systemFont`): laid over with it, never compared.
        static func written<T: Sendable>(_ path: WritableKeyPath<Settings, T> & Sendable) -> Field {
            Field(lay: { $0[keyPath: path] = $1[keyPath: path] }, same: { _, _ in true })
        }

        /// Overrides per entry: laid over entry by entry (the layer's entries win).
        static func merged<K: Sendable, V: Equatable & Sendable>(_ path: WritableKeyPath<Settings, [K: V]> & Sendable) -> Field {
            Field(lay: { $0[keyPath: path].merge($1[keyPath: path]) { $1 } }, same: { $0[keyPath: path] == $1[keyPath: path] })
        }
    }

    /// A key of `labelspec.json` (and of the editor's settings).
    static func file(
        _ key: String, _ types: [String], default value: String?, _ doc: String, vscode: VSCode = .sentAsIs,
        sets fields: [Field], invalidates: Invalidation = [],
        read: @escaping @Sendable (inout ConfigurationReader, JSONValue, Range<Int>, JSONSpan?) -> Void
    ) -> SettingDescriptor {
        SettingDescriptor(
            key: key, place: .file, types: types, defaultValue: value, doc: doc, vscode: vscode, invalidates: invalidates, fields: fields,
            read: read)
    }

    /// A key of the editor's settings only (an alias, the editor's own, the client's).
    static func editor(
        _ key: String, _ place: Place, _ types: [String], _ doc: String, vscode: VSCode,
        read: @escaping @Sendable (inout ConfigurationReader, JSONValue, Range<Int>, JSONSpan?) -> Void = { _, _, _, _ in }
    ) -> SettingDescriptor {
        SettingDescriptor(
            key: key, place: place, types: types, defaultValue: nil, doc: doc, vscode: vscode, invalidates: [], fields: [], read: read)
    }

    /// Every setting: the keys of `labelspec.json` in docs/language.md's order, then the editor's.
    public static let all: [SettingDescriptor] = [
        .file(
            "systemFont", ["string"], default: nil, "a font file standing in for the system font",
            vscode: .notOffered(
                "offered as `labelspec.systemFontFile`, its older name, which the extension resolves against `~` and the first workspace folder"
            ),
            sets: [.written(\.configuration.systemFont), .value(\.systemFontFile)], invalidates: .measurer
        ) { r, v, at, _ in r.readSystemFont(v, at: at) },
        .file(
            "fallbackFonts", ["array"], default: "[]", "fonts tried, in order, for characters the label's font lacks",
            sets: [.written(\.configuration.fallbackFonts), .value(\.fallbackFonts)], invalidates: .measurer
        ) { r, v, at, span in r.readFallbackFonts(v, at: at, span: span) },
        .file(
            "fontDirectories", ["array"], default: "[]",
            "folders searched for Apple's font files (SF Pro, SF Pro Rounded, SF Mono, New York) before the stand-ins",
            sets: [.written(\.configuration.fontDirectories), .value(\.fontDirectories)], invalidates: .measurer
        ) { r, v, at, span in r.readFontDirectories(v, at: at, span: span) },
        .file(
            "contentSizes", ["array"], default: #"["large", "extraExtraExtraLarge"]"#, "the Dynamic Type sizes labels are measured at",
            sets: [.value(\.configuration.contentSizes)]
        ) { r, v, at, span in r.readContentSizes(v, at: at, span: span) },
        .file(
            "screens", ["array", "string"], default: #"["iPhone SE (3rd generation)", "iPhone 16", "iPhone 16 Pro Max"]"#,
            "the screens widths that follow the screen, and labels without a width, are measured on",
            sets: [.value(\.configuration.screens)]
        ) { r, v, at, span in r.readScreens(v, at: at, span: span) },
        .file(
            "locales", ["array", "string"], default: #""all""#, "the locales localized labels are measured in",
            sets: [.value(\.configuration.locales)], invalidates: .texts
        ) { r, v, at, span in r.readLocales(v, at: at, span: span) },
        .file(
            "pseudoLocales", ["array"], default: "[]", "Xcode's pseudolanguages measured too",
            sets: [.value(\.configuration.pseudoLocales)], invalidates: .texts
        ) { r, v, at, span in r.readPseudoLocales(v, at: at, span: span) },
        .file(
            "device", ["string"], default: "\"\(Configuration().device.rawValue)\"",
            "the device whose String Catalog device variations apply",
            sets: [.value(\.configuration.device)], invalidates: .texts
        ) { r, v, at, span in r.readDevice(v, at: at, span: span) },
        .file(
            "sampleArguments", ["array"], default: "[]", "arguments for format specifiers of labels without `arguments`",
            sets: [.value(\.configuration.sampleArguments)], invalidates: .texts
        ) { r, v, at, span in r.readSampleArguments(v, at: at, span: span) },
        .file(
            "sampleTexts", ["object"], default: "{}",
            "sample texts for storyboard labels whose text is set in code, by `FILE#OBJECTID` (`\"Main.storyboard#nam-e1-lbl\": \"Alexandra Fitzgerald\"`)",
            vscode: .notOffered("they are about the project's storyboards: labelspec.json, beside them, is where they belong"),
            sets: [.value(\.configuration.sampleTexts)], invalidates: .texts
        ) { r, v, at, span in r.readSampleTexts(v, at: at, span: span) },
        .file(
            "fonts", ["object"], default: "{}",
            "the app's font tokens in its Swift code, each mapped to the font it stands for (`\"Font.compound.bodyMD\": \".subheadline\"`)",
            vscode: .notOffered("they are the project's own names: labelspec.json, beside its code, is where they belong"),
            sets: [.value(\.fontTokens)], invalidates: .texts
        ) { r, v, at, span in r.readFontTokens(v, at: at, span: span) },
        .file(
            "nearLimit", ["boolean", "object"], default: "true",
            "the band of `near-limit`, in percent of a label's width: `{\"standIn\": 4, \"real\": 0.5}` (unset: the stand-in's measured error, 0.5 % for Apple's font), or `false`",
            vscode: .notOffered("a project's measure of its fonts: labelspec.json, where its CI reads it too, is where it belongs"),
            sets: [.value(\.configuration.nearLimit)], invalidates: .texts
        ) { r, v, at, span in r.readNearLimit(v, at: at, span: span) },
        .file(
            "boldText", ["boolean", "string"], default: "false",
            "iOS's Bold Text setting: `true` measures the system font heavier, as iOS draws it with Bold Text on; `\"both\"` measures with and without",
            sets: [.value(\.configuration.boldText)], invalidates: .texts
        ) { r, v, at, _ in r.readBoldText(v, at: at) },
        .file(
            "exclude", ["array"], default: "[]", "globs of files the commands leave out",
            vscode: .notOffered(
                "it leaves files out of the commands' runs only: the server reads every file, so in an editor it changes nothing"),
            sets: [.value(\.configuration.exclude)]
        ) { r, v, at, span in r.readExclude(v, at: at, span: span) },
        .file(
            "severity", ["object"], default: "{}", "per-code severity overrides (`off` drops a code)",
            sets: [.merged(\.configuration.severity)]
        ) { r, v, at, span in r.readSeverity(v, at: at, span: span) },
        .file(
            "select", ["array"], default: #"["all"]"#, "the codes reported: codes, prefixes of codes and groups",
            sets: [.value(\.configuration.select)]
        ) { r, v, at, span in r.readSelectors(v, at: at, span: span, ignore: false) },
        .file(
            "ignore", ["array"], default: "[]", "codes, prefixes of codes and groups not reported",
            sets: [.value(\.configuration.ignore)]
        ) { r, v, at, span in r.readSelectors(v, at: at, span: span, ignore: true) },
        .editor(
            "contentSize", .alias(of: "contentSizes"), ["string"], "one Dynamic Type size, or `all`; empty: the file's", vscode: .ownCode
        ) { r, v, at, _ in r.readContentSize(v, at: at) },
        .editor(
            "systemFontFile", .alias(of: "systemFont"), ["string"], "`systemFont`; empty: the file's", vscode: .ownCode
        ) { r, v, at, _ in r.readSystemFont(v, at: at) },
        .editor(
            "hoverImages", .editor, ["boolean"], "whether hovers draw labels as pictures (unset: by the client's name)", vscode: .ownCode
        ) { r, v, at, _ in r.readHoverImages(v, at: at) },
        .editor("path", .client, ["string"], "VS Code's: the `labelspec` program it starts", vscode: .ownCode),
        .editor("trace", .client, ["object"], "VS Code's: `trace.server`, the protocol traced in its output channel", vscode: .ownCode),
    ]

    /// The settings by key.
    public static let named: [String: SettingDescriptor] = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

    /// What putting `new` in force in place of `old` makes stale.
    static func invalidated(from old: Settings, to new: Settings) -> Invalidation {
        var stale: Invalidation = []
        for setting in all where !setting.invalidates.isSubset(of: stale) && setting.fields.contains(where: { !$0.same(old, new) }) {
            stale.formUnion(setting.invalidates)
        }
        return stale
    }
}
