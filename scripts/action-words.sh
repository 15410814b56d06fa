# Sourced by the GitHub Action's steps (action.yml): `action_words VALUE [glob]` sets the array
# `words` to the arguments an input names (bash 3.2, macOS runners' bash, runs it too).
# - A value of several lines is a list: one argument per line, as written (spaces at the ends of a
#   line and a Windows line end removed; empty lines skipped), so an argument may hold spaces:
#       args: |
#         --screen
#         iPhone 16
#   Every YAML block ends with a line break, a folded one (`>`) too: `args: >` on several lines is
#   one line and a line break, hence one argument (`>-` folds into words).
# - A value of one line is split into words at spaces, as before. The words are not globs
#   (`--exclude Gen/**` stays a pattern for labelspec), except with `glob` (`paths: UI/*.labelspec`
#   as the shell expands it, as the action always did for paths).
action_words() {
    words=()
    case $1 in
    *$'\n'*)
        local line
        while IFS= read -r line || [ -n "$line" ]; do
            line=${line%$'\r'}
            line=${line#"${line%%[![:space:]]*}"}
            line=${line%"${line##*[![:space:]]}"}
            if [ -n "$line" ]; then words+=("$line"); fi
        done <<<"$1"
        ;;
    *)
        [ "${2:-}" = glob ] || set -f
        # shellcheck disable=SC2206 # splitting at spaces is what a one-line value asks for
        words=($1)
        set +f
        ;;
    esac
    return 0
}
