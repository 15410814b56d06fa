import Foundation
import JSON
import LabelLocalization
import LabelSpecIDE
import LabelSpecSupport

/// An XLIFF file translators sent back, as `check` reads it: alone (`de.xliff`), or one of an
/// `.xcloc`'s `Localized Contents` (docs/translators.md).
struct ReturnedSource: Sendable {
    /// The file, as output names it.
    let path: String
    let bytes: [UInt8]
    /// The `.xcloc`'s `targetLocale` (`contents.json`), when the file is in one that says it.
    let xclocLocale: String?
}

enum ReturnedFiles {
    /// Whether a path names translations sent back: an `.xliff` (`.xlf`) file or an `.xcloc`.
    static func isReturned(_ path: String) -> Bool {
        let p = path.hasSuffix("/") ? String(path.dropLast()) : path
        return p.hasSuffix(".xliff") || p.hasSuffix(".xlf") || p.hasSuffix(".xcloc")
    }

    /// The XLIFF files behind `path` (as the user gave it; `name` makes output names): the file
    /// itself, or an `.xcloc`'s `Localized Contents/*.xliff` in name order with the locale its
    /// `contents.json` says.
    static func read(_ path: String, name: (String) -> String) -> Result<[ReturnedSource], LoadError> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(LoadError(path: path, reason: ProjectFiles.FileError.cannotOpen(errno).description))
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            return ProjectFiles.readFile(path).map { [ReturnedSource(path: name(path), bytes: $0, xclocLocale: nil)] }.mapError {
                LoadError(path: path, reason: $0.description)
            }
        }
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        guard folder.hasSuffix(".xcloc") else { return .failure(LoadError(path: path, reason: "a folder of translations is an .xcloc")) }
        var locale: String?
        let contents = folder + "/contents.json"
        if FileManager.default.fileExists(atPath: contents) {
            switch ProjectFiles.readFile(contents) {
            case .failure(let e): return .failure(LoadError(path: contents, reason: e.description))
            case .success(let bytes):
                guard let json = try? JSONValue.parse(bytes), case .object = json else {
                    return .failure(LoadError(path: contents, reason: "not a JSON object (Xcode writes {\"targetLocale\" : \"de\", …})"))
                }
                locale = json["targetLocale"]?.stringValue
            }
        }
        let localized = folder + "/Localized Contents"
        let walk = ProjectFiles.walk(under: localized, recursive: false, suffixes: [".xliff"])
        if let problem = walk.unreadable.first { return .failure(LoadError(path: problem.path, reason: problem.reason)) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: localized, isDirectory: &isFolder), isFolder.boolValue else {
            return .failure(LoadError(path: path, reason: "no 'Localized Contents' folder: not an .xcloc as Xcode exports it"))
        }
        guard !walk.files.isEmpty else {
            return .failure(LoadError(path: path, reason: "no .xliff file in 'Localized Contents'"))
        }
        var out: [ReturnedSource] = []
        for file in walk.files.sorted() {
            switch ProjectFiles.readFile(file) {
            case .failure(let e): return .failure(LoadError(path: file, reason: e.description))
            case .success(let bytes): out.append(ReturnedSource(path: name(file), bytes: bytes, xclocLocale: locale))
            }
        }
        return .success(out)
    }
}

/// Returned translations mapped onto the namespaces of a run and laid over their tables.
enum ReturnedOverlay {
    /// Maps each source onto the tables of `namespaces` (each table once, by path) and of the
    /// Interface Builder files of the run, and lays the texts over every namespace's tables.
    static func map(_ sources: [ReturnedSource], namespaces: [Namespace], interfaceBuilder: [String]) -> [ReturnedTranslation] {
        let tables = tables(namespaces, interfaceBuilder)
        let returned = sources.map { ReturnedTranslation(path: $0.path, bytes: $0.bytes, xclocLocale: $0.xclocLocale, tables: tables) }
        for ns in namespaces {
            var changed = false
            let overlaid = ns.localizations.replacing { c in
                let o = ReturnedFindings.overlay(returned, on: c, scope: .table(c.path))
                if o != nil { changed = true }
                return o
            }
            if changed { ns.replaceLocalizations(overlaid) }
        }
        return returned
    }

    /// The tables of `namespaces` (each once, by path) and the Interface Builder files a
    /// returned file's `<file original>` may name.
    static func tables(_ namespaces: [Namespace], _ interfaceBuilder: [String]) -> ReturnedTranslation.Tables {
        var seen = Set<String>()
        var catalogs: [Catalog] = []
        var files: [String: [String]] = [:]
        for ns in namespaces {
            for c in ns.localizations.catalogs where seen.insert(ProjectLoader.absolute(c.path)).inserted {
                catalogs.append(c)
                files[c.path] = ns.localizations.files(of: c)
            }
        }
        // A storyboard's own String Catalogs (`mul.lproj/Main.xcstrings`), which its namespace
        // may not read: by their absolute paths, as the storyboard reads them.
        for path in interfaceBuilder {
            for file in InterfaceBuilderFile.catalogFiles(for: ProjectLoader.absolute(path))
            where seen.insert(ProjectLoader.absolute(file)).inserted {
                if case .success(let bytes) = ProjectFiles.readFile(file) {
                    catalogs.append(Catalog.read(xcstrings: bytes, path: ProjectLoader.absolute(file)))
                }
            }
        }
        return ReturnedTranslation.Tables(
            catalogs: catalogs, files: { files[$0.path] ?? [] }, interfaceBuilder: interfaceBuilder.map(ProjectLoader.absolute))
    }

    /// What lays the returned texts over the tables of the Interface Builder file at `path`
    /// (absolute): its own `.strings` (units `OBJECTID.text`) and its String Catalogs (by their
    /// absolute paths); nil when nothing came back.
    static func interfaceBuilder(_ path: String, _ returned: [ReturnedTranslation]) -> (@Sendable (Catalog) -> Catalog?)? {
        guard !returned.isEmpty else { return nil }
        return { c in
            c.path.hasSuffix(".xcstrings")
                ? ReturnedFindings.overlay(returned, on: c, scope: .table(ProjectLoader.absolute(c.path)))
                : ReturnedFindings.overlay(returned, on: c, scope: .interfaceBuilder(path))
        }
    }
}
