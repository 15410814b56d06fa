// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LabelSpec",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "labelspec", targets: ["labelspec"]),
        .plugin(name: "LabelSpecBuildPlugin", targets: ["LabelSpecBuildPlugin"]),
        .plugin(name: "LabelSpecCheckCommand", targets: ["LabelSpecCheckCommand"]),
        .library(name: "LabelSpecSyntax", targets: ["LabelSpecSyntax"]),
        .library(name: "LabelSpecSemantics", targets: ["LabelSpecSemantics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Swift sources are read with swift-syntax's parser (docs/swift-sources.md), syntax only.
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "602.0.0"),
    ],
    targets: [
        // System libraries: Debian/Ubuntu packages, or Homebrew formulae on macOS.
        .systemLibrary(name: "CJSONC", pkgConfig: "json-c", providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-i18n", providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]),
        // Interface Builder files (.xib, .storyboard) are read with libxml2's SAX2 parser (docs/interface-builder.md).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        .target(name: "InterfaceBuilder", dependencies: ["CLibXML2", "LabelSpecSupport", "AutoLayoutSolver"]),
        .target(name: "CLineBreak", dependencies: ["CICU"]),
        // The text sites of an app's Swift files (SwiftUI `Text`, `Label`, … with their modifiers),
        // as plain values: no swift-syntax type leaves the module.
        .target(
            name: "SwiftSources",
            dependencies: [
                "LabelSpecSupport", "LabelSpecSyntax", .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]),
        .target(name: "LabelSpecSupport"),
        // XLIFF 1.2 as Xcode writes it (.xcloc): read with every byte kept, changed by splices.
        .target(name: "XLIFF", dependencies: ["LabelSpecSupport", "LabelVocabulary"]),
        .target(name: "LabelVocabulary"),
        // Auto Layout's arithmetic: an incremental Cassowary solver (docs/autolayout.md, "The solver").
        .target(name: "AutoLayoutSolver"),
        .target(
            name: "LabelMeasure", dependencies: ["LabelSpecSupport", "LabelVocabulary", "CHarfBuzz", "CFontconfig", "CLineBreak"],
            linkerSettings: [.linkedLibrary("m")]
        ),
        // The one presentation of layouts: SVG pictures, numbers and XML text, terminal cells, the
        // text box, fit tables, layout wording, Markdown, and how a client shows hovers.
        .target(name: "LabelPresentation", dependencies: ["LabelMeasure", "LabelVocabulary", "LabelSpecSupport", "CLineBreak"]),
        .target(name: "LabelSpecSyntax", dependencies: ["LabelSpecSupport"]),
        .target(
            name: "LabelSpecSemantics", dependencies: ["LabelSpecSyntax", "LabelVocabulary", "LabelSpecSupport"],
            linkerSettings: [.linkedLibrary("m")]
        ),
        .target(name: "JSON", dependencies: ["CJSONC", "LabelSpecSupport"]),
        .target(name: "JSONRPC", dependencies: ["JSON"]),
        // String tables (String Catalogs, .strings, .stringsdict), format specifiers, plural rules,
        // pseudo-locales and text variants.
        .target(
            name: "LabelLocalization",
            dependencies: ["LabelSpecSupport", "LabelVocabulary", "LabelSpecSyntax", "LabelSpecSemantics", "JSON", "CJSONC", "CLineBreak"]
        ),
        .target(
            name: "LabelSpecIDE",
            dependencies: [
                "LabelSpecSupport", "LabelVocabulary", "LabelSpecSyntax", "LabelSpecSemantics", "LabelMeasure", "LabelPresentation", "JSON",
                "InterfaceBuilder", "LabelLocalization", "SwiftSources", "XLIFF",
            ]
        ),
        .target(
            name: "LanguageServer",
            dependencies: [
                "LabelSpecSupport", "LabelVocabulary", "JSON", "JSONRPC", "LabelSpecSyntax", "LabelSpecSemantics", "LabelMeasure",
                "LabelPresentation", "LabelLocalization", "LabelSpecIDE",
            ]
        ),
        .target(
            name: "LabelSpecCLI",
            dependencies: [
                "LabelSpecSupport", "LabelVocabulary", "LabelSpecSyntax", "LabelSpecSemantics", "LabelMeasure", "LabelPresentation",
                "LabelLocalization", "LabelSpecIDE", "JSON", "LanguageServer", "InterfaceBuilder", "SwiftSources", "XLIFF",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "labelspec", dependencies: ["LabelSpecCLI"]),
        // A target's .labelspec files checked on every build (swift build, Xcode), and
        // `swift package labelspec-check`.
        .plugin(name: "LabelSpecBuildPlugin", capability: .buildTool(), dependencies: ["labelspec"]),
        .plugin(
            name: "LabelSpecCheckCommand",
            capability: .command(
                intent: .custom(verb: "labelspec-check", description: "Check the .labelspec files of the package's targets")),
            dependencies: ["labelspec"]
        ),
        .executableTarget(
            name: "labelspec-bench",
            dependencies: [
                "LabelSpecSupport", "LabelSpecSyntax", "LabelSpecSemantics", "LabelMeasure", "LabelSpecIDE", "AutoLayoutSolver",
            ],
            path: "Benchmarks/labelspec-bench"
        ),
        // Solves constraint systems given as JSON (Tests/solver/compare_kiwi.py checks them against kiwisolver).
        .executableTarget(name: "autolayout-solve", dependencies: ["AutoLayoutSolver", "JSON"], path: "Tests/solver/autolayout-solve"),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "LabelSpecSyntaxTests", dependencies: ["LabelSpecSyntax", "LabelSpecSupport", "TestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "AutoLayoutSolverTests", dependencies: ["AutoLayoutSolver"]),
        .testTarget(name: "SwiftSourcesTests", dependencies: ["SwiftSources", "LabelSpecSyntax", "LabelSpecSupport"]),
        .testTarget(name: "LabelLocalizationTests", dependencies: ["LabelLocalization", "JSON"]),
        .testTarget(name: "InterfaceBuilderTests", dependencies: ["InterfaceBuilder"]),
        .testTarget(name: "XLIFFTests", dependencies: ["XLIFF", "InterfaceBuilder"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "JSON"]),
        .testTarget(
            name: "LanguageServerTests",
            dependencies: [
                "LanguageServer", "JSON", "JSONRPC", "LabelSpecSyntax", "LabelSpecSemantics", "LabelSpecIDE", "LabelPresentation",
                "LabelSpecSupport", "TestSupport",
            ]
        ),
        .testTarget(name: "LabelMeasureTests", dependencies: ["LabelMeasure", "LabelPresentation", "LabelVocabulary", "LabelSpecIDE"]),
        .testTarget(
            name: "LabelSpecIDETests",
            dependencies: [
                "LabelSpecIDE", "LabelLocalization", "LabelSpecSemantics", "LabelSpecSyntax", "LabelMeasure", "LabelPresentation",
                "LabelVocabulary", "LabelSpecSupport", "JSON", "TestSupport",
            ]
        ),
        .testTarget(
            name: "LabelSpecSemanticsTests", dependencies: ["LabelSpecSemantics", "LabelSpecSyntax", "LabelVocabulary", "TestSupport"]),
        .testTarget(
            name: "LabelSpecCLITests",
            dependencies: ["LabelSpecCLI", "LabelSpecSemantics", "LabelSpecSupport", "JSON", "JSONRPC", "labelspec", "TestSupport"]
        ),
    ]
)
