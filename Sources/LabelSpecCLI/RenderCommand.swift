import ArgumentParser
import Foundation
import JSON
import LabelMeasure
import LabelSpecIDE
import LabelSpecSupport
import LabelVocabulary

/// `labelspec render`: every label drawn as SVG from our own layout, with a manifest and an
/// offline HTML report (docs/cli.md, "render").
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw every label as SVG, per locale, content size and screen, with manifest.json and an HTML report.")

    @ArgumentParser.Argument(help: "Files or directories to render ('-' reads standard input).")
    var paths: [String]

    @Option(name: .long, help: ArgumentHelp("The folder to write: manifest.json, index.html and svg/. It must not exist yet, or be a report this command wrote (it is replaced whole).", valueName: "dir"))
    var out: String

    @OptionGroup var sizes: ContentSizeOptions

    @OptionGroup var screenOptions: ScreenOptions

    @OptionGroup var localeOptions: LocaleOptions

    @OptionGroup var fileOptions: FileOptions

    @Flag(name: [.short, .long], help: "Say nothing on standard error but problems (no progress line, no summary).")
    var quiet = false

    func run() throws {
        ReadRoots.confine(paths: paths, files: [fileOptions.config].compactMap { $0 })
        // The folder is checked before any work: a run that cannot write says so at once.
        let target: ReportFolder
        switch ReportFolder.prepare(out) {
        case .success(let t): target = t
        case .failure(let problem):
            printError("cannot write the report to '\(out)': \(problem.reason)")
            throw Exit.usage
        }
        defer { target.discard() }
        // Interrupted (Ctrl-C, a CI job's timeout): the unfinished report is removed, not left
        // beside DIR.
        let interruption = Interruption(onSignal: { target.discard(thenRaise: $0) })
        defer { interruption.end() }
        var loader = try fileOptions.loader(for: paths)
        let progress = Progress(enabled: !quiet, verb: "measured")
        defer { progress.finish() }
        loader.progress = progress
        let project = loader.loadForCommand(paths)
        progress.setTotal(project.files.count)
        project.locateConfigurationProblems(excerpts: false) { d in
            progress.clearing { FileHandle.standardError.write(Data(TextReporter(useColor: false).render(d).utf8)) }
        }
        var drawn = 0
        let (rows, failures) = try MeasureCommand.rows(
            of: project, sizes: sizes, screenOptions: screenOptions, localeOptions: localeOptions, localized: true,
            onFile: { n in
                progress.fileChecked(labels: n - drawn)
                drawn = n
            })
        var report = Report(rows: rows)
        // Said on the page too: a report without some of its labels does not look complete.
        report.incomplete = project.hadUnreadable || !project.invalidConfigurations.isEmpty || failures
        progress.drawing(total: Report.pictureCount(rows))
        do {
            try report.write(into: target, progress: progress)
            try target.commit()
        } catch let e as ReportFolder.Problem {
            progress.clearing { printError("cannot write the report to '\(out)': \(e.reason); nothing was written") }
            throw Exit.usage
        }
        if let kept = target.leftover {
            printError("the old report held files 'render' did not write; they are kept in '\(kept)'")
        }
        progress.finish()
        if !quiet {
            let failing = report.labels.filter(\.failing).count
            FileHandle.standardError.write(Data((
                "labelspec: \(report.labels.count) label\(report.labels.count == 1 ? "" : "s"), \(report.pictures) picture\(report.pictures == 1 ? "" : "s")"
                    + ", \(failing) failing: \(out)/index.html\n").utf8))
        }
        // Written: 1 when some of it is missing (a file that could not be read, a labelspec.json
        // with problems, a label that could not be measured or drawn: each said above); 2 is
        // kept for a report not written.
        if report.incomplete || report.undrawable > 0 { throw Exit.findings }
    }

    /// The report's contents, made from `measure`'s rows.
    struct Report {
        let rows: [MeasureCommand.Row]
        /// Per label, its cells in order, for the page.
        var labels: [Label] = []
        var pictures = 0
        /// Rows whose font could not be had: said, left out, and the run ends with status 1.
        var undrawable = 0
        /// Some labels are missing (a file not read, a labelspec.json with problems, a label not
        /// measured); `undrawable` adds those not drawn.
        var incomplete = false

        struct Cell {
            var row: Int
            var svg: String
            var width: Double
            var height: Double
            var families: [String]
        }

        struct Label {
            var file: String
            var line: Int
            var name: String
            var cells: [Cell] = []
            var failing = false
            var systemFont = false
        }

        init(rows: [MeasureCommand.Row]) { self.rows = rows }

        /// Writes the SVGs, then manifest.json and index.html.
        mutating func write(into folder: ReportFolder, progress: Progress? = nil) throws {
            var manifest: [JSONValue] = []
            var previous: (key: String, svg: String, width: Double, height: Double, families: [String])?
            for (i, r) in rows.enumerated() {
                let key = Report.pictureKey(r)
                var picture = previous?.key == key ? previous : nil
                if picture == nil {
                    defer { progress?.pictureDrawn() }
                    guard let (svg, drawing) = Pictures.svg(of: r.input, r.layout, measurer: r.measurer, contrast: r.contrast) else {
                        undrawable += 1
                        printError("\(r.file): cannot draw '\(r.label)': its font cannot be had")
                        continue
                    }
                    pictures += 1
                    let name = "svg/\(pictures)-\(Report.slug(r.label)).svg"
                    try folder.write(svg, to: name)
                    let size = LabelPicture.size(of: drawing)
                    picture = (key, name, size.width, size.height, drawing.families)
                    previous = picture
                }
                let p = picture!
                if labels.last.map({ $0.file != r.file || $0.line != r.line || $0.name != r.label }) ?? true {
                    labels.append(Label(file: r.file, line: r.line, name: r.label))
                }
                labels[labels.count - 1].cells.append(Cell(row: i, svg: p.svg, width: p.width, height: p.height, families: p.families))
                if r.layout.isCut { labels[labels.count - 1].failing = true }
                if case .textStyle = r.input.font { labels[labels.count - 1].systemFont = true }
                if case .system = r.input.font { labels[labels.count - 1].systemFont = true }
                manifest.append(.object([
                    ("file", .string(r.file)),
                    ("label", .string(r.label)),
                    ("line", .int(r.line)),
                    ("contentSize", .string(r.category.rawValue)),
                    ("locale", r.variant?.locale.map { .string($0) } ?? .null),
                    ("pluralForm", r.variant?.pluralForm.map { .string($0) } ?? .null),
                    ("device", r.variant?.device.map { .string($0) } ?? .null),
                    ("screen", r.screen.map { .string($0.name) } ?? .null),
                    ("svg", .string(p.svg)),
                    ("width", .double(MeasureCommand.rounded(p.width))),
                    ("height", .double(MeasureCommand.rounded(p.height))),
                    ("fontSize", .double(MeasureCommand.rounded(r.layout.fontSize))),
                    ("lineHeight", .double(MeasureCommand.rounded(r.layout.lineHeight))),
                    ("fonts", .array(p.families.map { .string($0) })),
                    ("lineCount", .int(r.layout.lineCount)),
                    ("lines", .array(r.layout.lines.map { .string($0.text) })),
                    ("truncated", .bool(r.layout.isTruncated)),
                    ("clipped", .bool(r.layout.isClipped)),
                ]))
            }
            try folder.write(JSONValue.array(manifest).serialized(pretty: true) + "\n", to: "manifest.json")
            try folder.write(ReportPage.html(self), to: "index.html")
            try folder.write(ReportFolder.markerText, to: ReportFolder.marker)
        }


        /// Rows of one layout share a picture: consecutive rows of a label's text variant at a
        /// size on the screens of one width.
        static func pictureKey(_ r: MeasureCommand.Row) -> String {
            let v = r.variant
            return "\(r.file)\u{0}\(r.line)\u{0}\(r.label)\u{0}\(v?.displayName ?? "")\u{0}\(v?.pluralForm ?? "")\u{0}\(v?.device ?? "")"
                + "\u{0}\(r.category.rawValue)\u{0}\(r.layout.width)\u{0}\(r.input.hashValue)"
        }

        /// How many pictures the rows make.
        static func pictureCount(_ rows: [MeasureCommand.Row]) -> Int {
            var count = 0
            var last: String?
            for r in rows {
                let key = pictureKey(r)
                if key != last { count += 1 }
                last = key
            }
            return count
        }

        /// A label's name as part of a file name: letters, digits, '-' and '_', at most 40.
        static func slug(_ s: String) -> String {
            let kept = s.unicodeScalars.prefix(40).map { u -> Character in
                (u.value < 0x80 && (u.properties.isAlphabetic || ("0"..."9").contains(u)) || u == "-" || u == "_") ? Character(u) : "_"
            }
            return kept.isEmpty ? "label" : String(kept)
        }
    }
}

/// The folder a report is written to: made whole in a new folder beside it, then put in its place
/// by renaming, so that a run that fails (a full disk) leaves the old report, or nothing, as it
/// was, and a reader never sees half a report. Its files are not flushed to disk one by one
/// (`fsync` per picture made `render` cost 3.7× measuring instead of 2.0×): a report is made
/// again by running `render` again, after a power cut too. Only a folder that does not exist yet, or a report (manifest.json, index.html, svg/ and
/// nothing else), is replaced; a symbolic link, a file, or a folder with anything else in it is
/// refused before any work.
final class ReportFolder: @unchecked Sendable {
    struct Problem: Error {
        let reason: String
    }

    let path: String
    let parent: String
    /// The new report, being written.
    let staging: String
    let replaces: Bool
    /// Set once the new report is in place, or once it is discarded; under `lock`, which every
    /// file's write takes too: a `discard` from a signal's handler never races a write.
    private var committed = false
    private var discarded = false
    private let lock = Lock()

    init(path: String, parent: String, staging: String, replaces: Bool) {
        self.path = path
        self.parent = parent
        self.staging = staging
        self.replaces = replaces
    }

    /// The file that marks a folder as a report of `render` (with its first line): only such a
    /// folder is ever replaced, never one that merely looks like it (a web folder with its own
    /// manifest.json and index.html).
    static let marker = ".labelspec-report"
    static let markerText = "A report of labelspec render; the whole folder is replaced by the next run.\n"
    static let reportEntries: Set<String> = ["manifest.json", "index.html", "svg", marker, ".DS_Store"]

    /// Whether `name` is a picture's file name as `render` writes them: `N-Label.svg`.
    static func isPictureName(_ name: String) -> Bool {
        guard name.hasSuffix(".svg"), let dash = name.firstIndex(of: "-"), dash > name.startIndex else { return false }
        return name[..<dash].allSatisfy(\.isASCII) && name[..<dash].allSatisfy(\.isNumber)
            && name.dropLast(4)[name.index(after: dash)...].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// Why the folder at `path` is not a report `render` may replace, or nil: a report is the
    /// marker (its exact text), manifest.json, index.html and `svg/` of pictures (regular files
    /// named as `render` names them), and nothing else (a Finder `.DS_Store` aside). Checked
    /// before any work and again just before the folder is replaced.
    static func notAReport(_ path: String) -> String? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return "it cannot be read" }
        if entries.isEmpty { return nil }
        let problem = "it holds files that are not a report of 'labelspec render'"
        guard (try? String(contentsOfFile: path + "/" + marker, encoding: .utf8)) == markerText, entries.allSatisfy(reportEntries.contains)
        else { return problem }
        for name in ["manifest.json", "index.html", marker] + (entries.contains(".DS_Store") ? [".DS_Store"] : []) where entries.contains(name) {
            var info = stat()
            guard lstat(path + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return problem }
        }
        if entries.contains("svg") {
            var info = stat()
            guard lstat(path + "/svg", &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
                let pictures = try? FileManager.default.contentsOfDirectory(atPath: path + "/svg")
            else { return problem }
            for name in pictures where name != ".DS_Store" {
                var p = stat()
                guard isPictureName(name), lstat(path + "/svg/" + name, &p) == 0, (p.st_mode & S_IFMT) == S_IFREG else { return problem }
            }
        }
        return nil
    }

    static func prepare(_ out: String) -> Result<ReportFolder, Problem> {
        guard !out.isEmpty, out != "-" else { return .failure(Problem(reason: "a folder name is needed")) }
        var path = out
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        let slash = path.lastIndex(of: "/")
        let parent = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard name != ".", name != ".." else { return .failure(Problem(reason: "name a folder of its own, not '\(name)'")) }
        var info = stat()
        var replaces = false
        var mode = 0o777 & ~currentUmask()
        if lstat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFLNK { return .failure(Problem(reason: "it is a symbolic link")) }
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                let kind = FileProblem.kind(of: info.st_mode).map { "it is not a folder (\($0))" } ?? "it is a file, not a folder"
                return .failure(Problem(reason: kind))
            }
            if let problem = notAReport(path) { return .failure(Problem(reason: problem)) }
            replaces = true
            // The new report keeps the old folder's permissions.
            mode = info.st_mode & 0o7777
        } else if errno != ENOENT {
            return .failure(Problem(reason: AtomicWrite.reason(errno)))
        }
        var parentInfo = stat()
        guard stat(parent, &parentInfo) == 0, (parentInfo.st_mode & S_IFMT) == S_IFDIR else {
            return .failure(Problem(reason: "its parent folder '\(parent)' does not exist"))
        }
        var template = Array((parent + "/." + name + ".tmp-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            return .failure(Problem(reason: AtomicWrite.reason(errno)))
        }
        let staging = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // mkdtemp makes it 0700: the report is as readable as any new folder (or the old one).
        guard chmod(staging, mode) == 0, mkdir(staging + "/svg", 0o777) == 0 else {
            let e = errno
            rmdir(staging)
            return .failure(Problem(reason: AtomicWrite.reason(e)))
        }
        return .success(ReportFolder(path: path, parent: parent, staging: staging, replaces: replaces))
    }

    /// Writes a new file of the report (`name` relative to it).
    func write(_ text: String, to name: String) throws {
        try lock.withLock {
            guard !discarded else { throw Problem(reason: "interrupted") }
            try writeLocked(text, to: name)
        }
    }

    private func writeLocked(_ text: String, to name: String) throws {
        let file = staging + "/" + name
        let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw Problem(reason: AtomicWrite.reason(errno)) }
        var text = text
        text.makeContiguousUTF8()
        let failure: Int32? = text.utf8.withContiguousStorageIfAvailable { bytes -> Int32? in
            var done = 0
            while done < bytes.count {
                let n = Foundation.write(fd, bytes.baseAddress! + done, bytes.count - done)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return n < 0 ? errno : ENOSPC }
                done += n
            }
            return nil
        } ?? nil
        if let failure {
            close(fd)
            throw Problem(reason: AtomicWrite.reason(failure))
        }
        guard close(fd) == 0 else { throw Problem(reason: AtomicWrite.reason(errno)) }
    }

    /// Puts the new report in the folder's place. The old report, if any, is looked at again
    /// (something may have been put in it since the run began), moved aside, and removed file by
    /// file, only the files a report has: anything else stays, and is said (`leftover`).
    func commit() throws {
        // The swap under the lock: a signal's `discard` waits for it, then finds it done (or
        // not begun), never half done.
        let old: String? = try lock.withLock {
            guard !discarded else { throw Problem(reason: "interrupted") }
            var old: String?
            if replaces {
                if let problem = ReportFolder.notAReport(path) { throw Problem(reason: problem) }
                var template = Array((parent + "/." + (path.split(separator: "/").last.map(String.init) ?? "report") + ".old-XXXXXX").utf8CString)
                guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { throw Problem(reason: AtomicWrite.reason(errno)) }
                let o = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
                // Renamed onto the empty folder mkdtemp made: the name is never free for another.
                guard rename(path, o) == 0 else {
                    let e = errno
                    rmdir(o)
                    throw Problem(reason: AtomicWrite.reason(e))
                }
                old = o
            }
            guard rename(staging, path) == 0 else {
                let e = errno
                if let old, rename(old, path) != 0 {
                    throw Problem(reason: AtomicWrite.reason(e) + "; the old report is in '\(old)'")
                }
                throw Problem(reason: AtomicWrite.reason(e))
            }
            committed = true
            return old
        }
        if let old { leftover = ReportFolder.removeReport(old) ? nil : old }
    }

    /// The old report's folder when it held something else by the time it was removed (kept).
    private(set) var leftover: String?

    /// Removes a report's own files, then its folders; false when something else was there.
    static func removeReport(_ folder: String) -> Bool {
        let pictures = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/svg")) ?? []
        for name in pictures where isPictureName(name) || name == ".DS_Store" { unlink(folder + "/svg/" + name) }
        rmdir(folder + "/svg")
        for name in ["manifest.json", "index.html", marker, ".DS_Store"] { unlink(folder + "/" + name) }
        return rmdir(folder) == 0
    }

    /// Removes the new report when it was not put in place.
    /// `thenRaise`: a signal to end the process with once the folder is gone, still under the
    /// lock (so no write of this run follows, and no message of it).
    func discard(thenRaise sig: Int32? = nil) {
        lock.withLock {
            if !committed, !discarded {
                discarded = true
                try? FileManager.default.removeItem(atPath: staging)
            }
            if let sig {
                signal(sig, SIG_DFL)
                var set = sigset_t()
                sigemptyset(&set)
                sigaddset(&set, sig)
                pthread_sigmask(SIG_UNBLOCK, &set, nil)
                raise(sig)
            }
        }
    }
}


/// The process's file mode creation mask (read by setting it and putting it back).
func currentUmask() -> mode_t {
    let mask = umask(0)
    umask(mask)
    return mask
}

/// Runs `onSignal` with the signal when SIGINT or SIGTERM arrives (it is to end the process, as
/// `ReportFolder.discard(thenRaise:)` does). `end()` puts the default handling back.
final class Interruption: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []

    init(onSignal: @escaping @Sendable (Int32) -> Void) {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { onSignal(sig) }
            source.resume()
            sources.append(source)
        }
    }

    func end() {
        for s in sources { s.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
