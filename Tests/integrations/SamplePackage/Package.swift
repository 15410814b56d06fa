// swift-tools-version:6.0
// A package that uses LabelSpec as an iOS team would: the build plugin on a target that holds
// .labelspec files, and the `labelspec-check` command. Tests/integrations/run.sh builds it.
import PackageDescription

let package = Package(
    name: "Sample",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "LabelSpec", path: "../../..")],
    targets: [
        .target(
            name: "SampleUI",
            plugins: [.plugin(name: "LabelSpecBuildPlugin", package: "LabelSpec")]
        )
    ]
)
