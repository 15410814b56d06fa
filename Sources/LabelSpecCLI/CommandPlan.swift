import LabelLocalization
import LabelSpecIDE

extension Namespace {
    /// The namespace's plan with the command line's choices laid over it: `--content-size`,
    /// `--bold-text`, `--screen`, `--locale` and `--pseudo` (`check`, `measure`, `render`). Throws
    /// for a `--screen` name that is no screen.
    func plan(sizes: ContentSizeOptions, screens: ScreenOptions, locales: LocaleOptions) throws(ScreenNameError) -> MeasuringPlan {
        let own = plan
        let sized = own.at(sizes.categories(default: own.contentSizes)).withBoldText(sizes.boldText?.mode ?? own.configuration.boldText)
        return locales.plan(over: sized.on(try screens.screens(default: own.screens)))
    }
}
