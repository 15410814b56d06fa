import JSON
import LabelMeasure
import LabelSpecSemantics
import LabelSpecSupport
import LabelVocabulary
import SwiftSources

/// The configuration in force, with the fonts it names found: what `ConfigurationReader` makes of
/// `labelspec.json`, and of the editor's settings laid over it.
public struct Settings: Sendable, Equatable {
    public var configuration = Configuration()
    /// `systemFont` resolved against its folder, when it names a usable font file.
    public var systemFontFile: String?
    /// `fallbackFonts` that can be used, files resolved against their folder.
    public var fallbackFonts: [FallbackFont] = []
    /// `fontDirectories` that can be used, resolved against their folder, after the command
    /// line's `--font-dir` folders.
    public var fontDirectories: [String] = []
    /// `fonts`: the app's font tokens in its Swift code, each the font it stands for.
    public var fontTokens: [String: SiteFont] = [:]

    public init() {}

    /// These settings with the keys of `layer` that its reader `assigned` laid over them, as each
    /// key's `SettingDescriptor` says (`severity` code by code): what reading those keys onto these
    /// settings gives, without reading (and checking fonts) again for each namespace.
    public func overlaying(_ layer: Settings, keys: Set<String>) -> Settings {
        var out = self
        for setting in SettingDescriptor.all where keys.contains(setting.key) {
            for field in setting.fields { field.lay(&out, layer) }
        }
        return out
    }

    /// A measurer with these fonts.
    public func measurer(cachesLayouts: Bool = true) -> Measurer {
        Measurer(
            fonts: FontResolver(systemFontFile: systemFontFile, fallbackFonts: fallbackFonts, fontDirectories: fontDirectories),
            cachesLayouts: cachesLayouts)
    }
}

/// The one reader of settings, for `labelspec.json` and the editor alike: the same keys, the same
/// validation, the same messages (docs/language.md, "Configuration"). Each key is read onto
/// `settings`; a key with a problem keeps the value it had there (the default, for the file; the
/// file's, for the editor) and its problem is kept, located when the text's spans are known.
public struct ConfigurationReader {
    /// A setting that cannot be used: the message, where it is in the text (empty without spans),
    /// and the key it is about.
    public struct Problem: Sendable, Equatable {
        public var message: String
        public var range: Range<Int>
        public var key: String
    }

    /// Every key the editor's settings may hold: labelspec.json's, the aliases, the editor's own and
    /// the client's (`SettingDescriptor.all`).
    public static let knownKeys = Set(SettingDescriptor.named.keys)

    public internal(set) var settings: Settings
    public private(set) var problems: [Problem] = []
    /// The keys of `labelspec.json` given a value (an alias as the key it stands for): what
    /// `Settings.overlaying` lays over other settings.
    public internal(set) var assigned: Set<String> = []
    /// The editor's `hoverImages`: pictures in hovers (true), never (false), or as the client's
    /// name says (nil, the default).
    public private(set) var hoverImages: Bool?
    /// The folder relative font paths are read from ("" : as given).
    let folder: String
    let spans: JSONSpan?
    /// Whether the editor's aliases and client keys are read (the editor's settings).
    let editor: Bool
    /// The key being read, as written (the problems name it).
    private var key = ""
    /// The key of `labelspec.json` it assigns (`SettingDescriptor.assigns`).
    var assigns = ""

    init(onto settings: Settings, folder: String, spans: JSONSpan?, editor: Bool) {
        (self.settings, self.folder, self.spans, self.editor) = (settings, folder, spans, editor)
    }

    /// The editor's settings (a JSON object of the `labelspec` section) read onto `base` (the
    /// namespace's `labelspec.json`); font paths relative to `folder` (the first workspace folder).
    public static func editor(_ settings: JSONValue, onto base: Settings, folder: String?) -> ConfigurationReader {
        var reader = ConfigurationReader(
            onto: base, folder: folder.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "", spans: nil, editor: true)
        guard let pairs = settings.objectValue else {
            if settings != .null { reader.problem("the labelspec settings must be an object of setting: value", at: 0..<0) }
            return reader
        }
        reader.read(pairs)
        return reader
    }

    mutating func read(_ pairs: [(String, JSONValue)]) {
        for (name, value) in pairs {
            key = name
            let member = spans?.member(name)
            let at = member?.key ?? 0..<0
            guard let setting = SettingDescriptor.named[name], editor || setting.place == .file else {
                problem(editor ? "unknown setting '\(name)'" : "unknown key '\(name)'", at: at)
                continue
            }
            // An editor's setting of null is not set: VS Code answers `workspace/configuration`
            // with every setting its package.json declares, null for those the user left unset.
            if editor, value == .null { continue }
            assigns = setting.assigns
            setting.read(&self, value, at, member?.value)
        }
        // In the text's order (the editor's settings have no text: in the order they came).
        if spans != nil {
            problems = problems.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
                .map(\.element)
        }
    }

    mutating func problem(_ message: String, at range: Range<Int>) {
        problems.append(Problem(message: message, range: range, key: key))
    }

    /// Gives the key being read its value.
    mutating func assign(_ body: (inout Settings) -> Void) {
        body(&settings)
        assigned.insert(assigns)
    }

    /// The editor's `hoverImages`: true or false (null, not set: by the client's name).
    mutating func readHoverImages(_ value: JSONValue, at key: Range<Int>) {
        guard case .bool(let b) = value else { return problem("'hoverImages' must be true, false or null", at: key) }
        hoverImages = b
    }

    /// A path as written, resolved against the folder.
    func resolve(_ file: String) -> String { file.hasPrefix("/") ? file : folder + file }

    /// Whether a `fallbackFonts` entry names a file rather than a family: it holds a `/` or ends
    /// with a font file's extension.
    static func namesFile(_ entry: String) -> Bool {
        let lower = entry.lowercased()
        return entry.contains("/") || [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) }
    }

    mutating func readFallbackFonts(_ value: JSONValue, at key: Range<Int>, span: JSONSpan?) {
        guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
            return problem("'fallbackFonts' must be a list of font files or family names", at: key)
        }
        let fonts = FontResolver()
        var usable: [FallbackFont] = []
        var written: [String] = []
        for (i, entry) in list.compactMap(\.stringValue).enumerated() {
            let at = span?.element(i) ?? key
            if ConfigurationReader.namesFile(entry) {
                if let why = FontFace.validate(path: resolve(entry)) {
                    problem("fallbackFonts: cannot use the font file '\(entry)': \(why); it is left out", at: at)
                } else {
                    usable.append(.file(resolve(entry)))
                    written.append(entry)
                }
            } else if fonts.hasFamily(entry) {
                usable.append(.family(entry))
                written.append(entry)
            } else {
                problem("fallbackFonts: no installed font has the family '\(entry)'; it is left out", at: at)
            }
        }
        settings.configuration.fallbackFonts = written
        settings.fallbackFonts = usable
        assigned.insert(assigns)
    }

    mutating func readSystemFont(_ value: JSONValue, at key: Range<Int>) {
        guard let font = value.stringValue else { return problem("'\(self.key)' must be a path string", at: key) }
        if font.isEmpty, editor {
            // An editor's empty setting (VS Code's default): the file's font.
            return
        }
        let resolved = resolve(font)
        if let why = FontFace.validate(path: resolved) {
            problem("\(self.key): cannot use the font file '\(font)': \(why); the default system font is used", at: key)
        } else {
            settings.configuration.systemFont = font
            settings.systemFontFile = resolved
            assigned.insert(assigns)
        }
    }

    mutating func readContentSizes(_ value: JSONValue, at key: Range<Int>, span: JSONSpan?) {
        let names = readNames(value, at: key, span: span, notAList: "'contentSizes' must be a list of category names") {
            ContentSizeCategory(name: $0) == nil ? "unknown content size '\($0)'; use a name such as \"large\" or \"AX1\"" : nil
        }
        if let names { assign { $0.configuration.contentSizes = names.compactMap { ContentSizeCategory(name: $0) } } }
    }

    /// The editor's `contentSize`: one category, or `all`; empty (VS Code's default): the file's.
    mutating func readContentSize(_ value: JSONValue, at key: Range<Int>) {
        guard let name = value.stringValue else { return problem("'contentSize' must be a category name or \"all\"", at: key) }
        if name.isEmpty { return }
        if name.lowercased() == "all" { return assign { $0.configuration.contentSizes = ContentSizeCategory.allCases } }
        guard let category = ContentSizeCategory(name: name) else {
            return problem("unknown content size '\(name)'; use a name such as \"large\" or \"AX1\", or \"all\"", at: key)
        }
        assign { $0.configuration.contentSizes = [category] }
    }

    /// `screens`: `"all"`, or a list of device names (portrait), `{"device", "orientation"}`,
    /// `{"device", "window", "orientation"}` (an iPad window; landscape unless said) and
    /// `{"name", "width", "sizeClass"}`. Any problem leaves the screens as they were.
    mutating func readScreens(_ value: JSONValue, at key: Range<Int>, span: JSONSpan?) {
        if value.stringValue == "all" { return assign { $0.configuration.screens = DeviceTable.allScreens } }
        guard let list = value.arrayValue, !list.isEmpty else {
            return problem(
                "'screens' must be \"all\" or a list of one or more screens: device names such as \"iPhone SE (3rd generation)\", or objects",
                at: key)
        }
        var screens: [ScreenGeometry] = []
        // Each name's first entry: a name stands for one screen (findings, `--screen` and
        // `measure` name screens by it); an exact repeat is the same screen, kept once.
        var firstOf: [String: (entry: Int, screen: ScreenGeometry)] = [:]
        var valid = true
        var problems = 0
        for (i, entry) in list.enumerated() {
            let at = span?.elementSpan(i)
            switch ScreensReader.screen(entry, suggest: problems < 32).flatMap({
                ScreensReader.unique($0, entry: entry, index: i, firstOf: &firstOf)
            }) {
            case .success(let screen?):
                screens.append(screen)
            case .success(nil):
                break
            case .failure(let why):
                // The first few are said (a list of thousands of bad names is one problem each
                // otherwise, each compared with every device).
                problems += 1
                if problems <= 32 { problem(why.message, at: (why.member.flatMap { at?.member($0)?.value.range } ?? at?.range) ?? key) }
                valid = false
            }
        }
        if problems > 32 { problem("'screens': \(problems - 32) more entries name no screen or repeat a name", at: key) }
        if valid { assign { $0.configuration.screens = screens } }
    }

    /// A list of strings, each checked by `problem` (nil: fine); nil when anything is wrong, each
    /// problem reported at its element (`notAList` at the key).
    private mutating func readNames(
        _ value: JSONValue, at key: Range<Int>, span: JSONSpan?, notAList: String, _ problemOf: (String) -> String?
    ) -> [String]? {
        guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
            problem(notAList, at: key)
            return nil
        }
        let names = list.compactMap(\.stringValue)
        var valid = true
        for (i, name) in names.enumerated() {
            guard let message = problemOf(name) else { continue }
            problem(message, at: span?.element(i) ?? key)
            valid = false
        }
        return valid ? names : nil
    }

    mutating func readLocales(_ value: JSONValue, at key: Range<Int>, span: JSONSpan?) {
        if value.stringValue == "all" { return assign { $0.configuration.locales = nil } }
        let names = readNames(
            value, at: key, span: span, notAList: "'locales' must be \"all\" or a list of locales such as [\"de\", \"ja\"]"
        ) {
            ConfigurationFile.isLocaleName($0) ? nil : "'\($0)' is not a locale: write a language code such as \"de\" or \"pt-BR\""
        }
        // A name listed twice is one locale (a hint names it once: `no xx translation`).
        var seen = Set<String>()
        if let names { assign { $0.configuration.locales = names.filter { seen.insert($0).inserted } } }
    }

    mutating func readPseudoLocales(_ value: JSONValue, at key: Range<Int>, span: JSONSpan?) {
        let names = readNames(value, at: key, span: span, notAList: "'pseudoLocales' must be a list of pseudo-locale names") {
            PseudoLocale(rawValue: $0) == nil ? "unknown pseudo-locale '\($0)'; use double-length, accented, bounded or right-to-left" : nil
        }
        if let names { assign { $0.configuration.pseudoLocales = names.compactMap(PseudoLocale.init(rawValue:)) } }
    }

    mutating func readDevice(_ value: JSONValue, at key: Range<Int>, span: JSONSpan?) {
        guard let name = value.stringValue else {
            return problem("'device' must be a device name such as \"\(CatalogDevice.iphone.rawValue)\"", at: key)
        }
        guard let device = CatalogDevice(rawValue: name) else {
            let names = CatalogDevice.allCases.map(\.rawValue).joined(separator: ", ")
            return problem("unknown device '\(name)'; use \(names)", at: span?.range ?? key)
        }
        assign { $0.configuration.device = device }
    }

    mutating func readSampleArguments(_ value: JSONValue, at key: Range<Int>, span: JSONSpan?) {
        guard let list = value.arrayValue else { return problem("'sampleArguments' must be a list of strings and numbers", at: key) }
        var arguments: [SampleArgument] = []
        for (i, v) in list.enumerated() {
            if let s = v.stringValue {
                arguments.append(.string(s))
            } else if case .bool = v {
                return problem("a sample argument must be a string or a number", at: span?.element(i) ?? key)
            } else if let d = v.doubleValue {
                arguments.append(.number(d))
            } else {
                return problem("a sample argument must be a string or a number", at: span?.element(i) ?? key)
            }
        }
        assign { $0.configuration.sampleArguments = arguments }
    }

    /// `{"Main.storyboard#nam-e1-lbl": "Alexandra Fitzgerald", …}`: each key a file name, `#`
    /// and an object id, each value a string.
    mutating func readSampleTexts(_ value: JSONValue, at key: Range<Int>, span: JSONSpan?) {
        guard case .object(let entries) = value else {
            return problem("'sampleTexts' must be an object of \"FILE#OBJECTID\": \"sample text\"", at: key)
        }
        var texts: [String: String] = [:]
        for (name, v) in entries {
            let parts = name.split(separator: "#", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                return problem(
                    "a sampleTexts key is a file's name, '#' and a label's object id (\"Main.storyboard#nam-e1-lbl\")",
                    at: span?.member(name)?.key ?? key)
            }
            guard let text = v.stringValue else {
                return problem("a sample text must be a string", at: span?.member(name)?.value.range ?? key)
            }
            texts[name] = text
        }
        assign { $0.configuration.sampleTexts = texts }
    }

    mutating func readNearLimit(_ value: JSONValue, at key: Range<Int>, span: JSONSpan?) {
        switch NearLimitSetting.read(value, span: span) {
        case .success(let band): assign { $0.configuration.nearLimit = band }
        case .failure(let p): problem(p.message, at: p.at ?? key)
        }
    }

    mutating func readBoldText(_ value: JSONValue, at key: Range<Int>) {
        switch value {
        case .bool(let on): assign { $0.configuration.boldText = on ? .on : .off }
        case .string("both"): assign { $0.configuration.boldText = .both }
        default: problem(#"'boldText' must be false, true or "both""#, at: key)
        }
    }

    mutating func readExclude(_ value: JSONValue, at key: Range<Int>, span: JSONSpan?) {
        let globs = readNames(value, at: key, span: span, notAList: "'exclude' must be a list of glob patterns such as [\"Generated/**\"]")
        {
            ExcludePatterns.problem(with: $0)
        }
        if let globs { assign { $0.configuration.exclude = globs } }
    }

    /// `select` and `ignore`: lists of codes, groups and prefixes of codes (`CodeSelector`). A name
    /// that is none is a problem at it, naming the nearest (for the first 32: a list of thousands
    /// of made-up names is not compared with every name thousands of times); the key then keeps
    /// its default.
    mutating func readSelectors(_ value: JSONValue, at key: Range<Int>, span: JSONSpan?, ignore: Bool) {
        let name = ignore ? "ignore" : "select"
        guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
            return problem("'\(name)' must be a list of codes or groups such as [\"layout\", \"low-contrast\"]", at: key)
        }
        var selectors: [CodeSelector] = []
        var unknown = 0
        for (i, word) in list.compactMap(\.stringValue).enumerated() {
            switch CodeSelector.parse(word, suggesting: unknown < 32) {
            case .success(let s): selectors.append(s)
            case .failure(let e):
                unknown += 1
                problem(e.message, at: span?.element(i) ?? key)
            }
        }
        guard unknown == 0 else { return }
        assign { if ignore { $0.configuration.ignore = selectors } else { $0.configuration.select = selectors } }
    }

    /// `severity`: per-code levels. The editor's are laid over the file's code by code; the file's
    /// replace the defaults.
    mutating func readSeverity(_ value: JSONValue, at key: Range<Int>, span: JSONSpan?) {
        guard let overrides = value.objectValue else { return problem("'severity' must be an object of code: level", at: key) }
        var severity: [DiagnosticCode: Severity?] = editor ? settings.configuration.severity : [:]
        var valid = true
        var unknown = 0
        for (code, level) in overrides {
            let member = span?.member(code)
            guard let c = DiagnosticCode(rawValue: code) else {
                // The nearest code for the first few (a file of thousands of made-up codes is not
                // compared with every code thousands of times).
                unknown += 1
                let hint = unknown > 32 ? "" : DiagnosticCode.suggestion(for: code).map { "; did you mean '\($0.rawValue)'?" } ?? ""
                problem("unknown diagnostic code '\(code)'\(hint)", at: member?.key ?? key)
                valid = false
                continue
            }
            let at = member?.value.range ?? key
            if let l = level.stringValue, l == "off" {
                severity[c] = .some(nil)
            } else if let l = level.stringValue, let s = Severity(rawValue: l) {
                severity[c] = s
            } else {
                valid = false
                problem(
                    level.stringValue.map { "severity '\($0)' is not one of error, warning, information, hint, off" }
                        ?? "severity of '\(code)' must be a string", at: at)
            }
        }
        if valid { assign { $0.configuration.severity = severity } }
    }
}

/// A `labelspec.json` as both front ends see it, read by `ConfigurationReader`. It never fails:
/// what cannot be used is an `invalid-configuration` diagnostic located in the file (at the key,
/// the list element or the severity level it is about; at the start of the file when the file as
/// a whole cannot be used), and that key keeps its default while the others apply. `check` prints
/// the diagnostics, the server publishes them on the file.
public struct ConfigurationFile: Sendable {
    public static let name = ProjectFiles.configurationName

    /// The file, as the caller named it (`Project` names it by its absolute path).
    public let path: String
    /// The bytes read (empty when the file could not be read): the diagnostics' ranges are in them.
    public let text: [UInt8]
    /// What the file sets, with the default for every key that has a problem, and its fonts.
    public private(set) var settings = Settings()
    /// `invalid-configuration` errors, in the order of the text.
    public private(set) var diagnostics: [Diagnostic] = []

    public var configuration: Configuration { settings.configuration }

    /// Reads the file at `path`: a regular file only, so that no configuration can make a tool read
    /// a FIFO, a device or its own standard input.
    public static func read(_ path: String) -> ConfigurationFile {
        switch ProjectFiles.readFile(path) {
        case .success(let bytes):
            return ConfigurationFile(path: path, text: bytes)
        case .failure(let error):
            var file = ConfigurationFile(path: path, unread: ())
            file.problem("cannot read labelspec.json: \(error)", at: 0..<0)
            return file
        }
    }

    private init(path: String, unread: Void) {
        self.path = path
        text = []
    }

    /// The configuration `text` gives, for the file at `path` (a relative `systemFont` is resolved
    /// against its folder, and the font file is checked).
    public init(path: String, text: [UInt8]) {
        self.path = path
        self.text = text
        let json: JSONValue
        do { json = try JSONValue.parse(text) } catch {
            // At the byte where the parser stopped, when it says.
            if let at = (error as? JSONParseError)?.offset.map({ min($0, text.count) }) {
                problem("\(error)", at: at..<min(at + 1, text.count))
            } else {
                problem("\(error)", at: 0..<0)
            }
            return
        }
        guard let pairs = json.objectValue else {
            problem("expected a JSON object", at: 0..<0)
            return
        }
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        var reader = ConfigurationReader(onto: Settings(), folder: folder, spans: JSONSpan.parse(text), editor: false)
        reader.read(pairs)
        settings = reader.settings
        diagnostics = reader.problems.map { Diagnostic(.invalidConfiguration, $0.message, at: $0.range) }
    }

    private mutating func problem(_ message: String, at range: Range<Int>) {
        diagnostics.append(Diagnostic(.invalidConfiguration, message, at: range))
    }

    /// Whether `name` looks like a locale identifier: letters, digits, `-` and `_`, starting with a letter.
    public static func isLocaleName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first), name.count <= 35 else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }

    /// The `exclude` patterns, relative to the file's folder.
    public var excludePatterns: ExcludePatterns {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        return ExcludePatterns(configuration.exclude, base: folder.isEmpty ? "/" : folder)
    }

    /// `systemFont` resolved against the file's folder, when it names a usable font file.
    public var systemFontFile: String? { settings.systemFontFile }
    /// `fallbackFonts` that can be used, files resolved against the file's folder.
    public var fallbackFonts: [FallbackFont] { settings.fallbackFonts }
}
