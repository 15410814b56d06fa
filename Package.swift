// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LabelSpec",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "labelspec", targets: ["labelspec"]),
        .library(name: "LabelSpecSyntax", targets: ["LabelSpecSyntax"]),
        .library(name: "LabelSpecSemantics", targets: ["LabelSpecSemantics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"])]
        ),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "CLineBreak", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]),
        .target(name: "LabelSpecSupport"),
        .target(name: "LabelVocabulary"),
        .target(
            name: "LabelMeasure", dependencies: ["LabelSpecSupport", "LabelVocabulary", "CHarfBuzz", "CFontconfig", "CLineBreak"],
            linkerSettings: [.linkedLibrary("m")]
        ),
        .target(name: "LabelSpecSyntax"),
        .target(
            name: "LabelSpecSemantics", dependencies: ["LabelSpecSyntax", "LabelVocabulary"],
            linkerSettings: [.linkedLibrary("m")]
        ),
        .target(name: "JSON", dependencies: ["CJSONC"]),
        .target(name: "JSONRPC", dependencies: ["JSON"]),
        .target(
            name: "LabelSpecIDE",
            dependencies: ["LabelSpecSupport", "LabelVocabulary", "LabelSpecSemantics", "LabelMeasure", "JSON", "CLineBreak"]
        ),
        .target(
            name: "LanguageServer",
            dependencies: [
                "LabelSpecSupport", "LabelVocabulary", "JSON", "JSONRPC", "LabelSpecSyntax", "LabelSpecSemantics", "LabelMeasure",
                "LabelSpecIDE",
            ]
        ),
        .target(
            name: "LabelSpecCLI",
            dependencies: [
                "LabelSpecSupport", "LabelVocabulary", "LabelSpecSyntax", "LabelSpecSemantics", "LabelMeasure", "LabelSpecIDE", "JSON",
                "LanguageServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "labelspec", dependencies: ["LabelSpecCLI"]),
        .executableTarget(
            name: "labelspec-bench",
            dependencies: ["LabelSpecSyntax", "LabelSpecSemantics", "LabelMeasure", "LabelSpecIDE"],
            path: "Benchmarks/labelspec-bench"
        ),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "LabelSpecSyntaxTests", dependencies: ["LabelSpecSyntax", "TestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "JSON"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["LanguageServer", "JSON", "JSONRPC", "LabelSpecSyntax", "TestSupport"]),
        .testTarget(name: "LabelMeasureTests", dependencies: ["LabelMeasure", "LabelVocabulary", "LabelSpecIDE", "LabelSpecSemantics"]),
        .testTarget(name: "LabelSpecIDETests", dependencies: ["LabelSpecIDE", "LabelSpecSemantics", "LabelMeasure", "TestSupport"]),
        .testTarget(name: "LabelSpecSemanticsTests", dependencies: ["LabelSpecSemantics", "LabelSpecSyntax", "TestSupport"]),
        .testTarget(
            name: "LabelSpecCLITests",
            dependencies: ["LabelSpecCLI", "LabelSpecSemantics", "JSON", "JSONRPC", "labelspec"]
        ),
    ]
)
