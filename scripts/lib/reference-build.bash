# Shared by scripts/gauntlet and scripts/bench-ab (sourced, not run; they set $root): a reference build made
# from a git revision, once per commit, into target/reference/ref-SHA/ with the revision's config/ beside its
# jar, so its players read their own shipped settings.

# The folder of revision $2's build (whether built yet or not); $1 names the calling script in errors.
reference_folder() {
    local caller="$1" rev="$2" sha
    if ! sha="$(git -C "$root" rev-parse --verify --quiet "$rev^{commit}")"; then
        echo "$caller: '$rev' is not a git revision of $root" >&2
        exit 2
    fi
    echo "$root/target/reference/ref-${sha:0:12}"
}

# Builds revision $2 into the folder $3 (from reference_folder), in a temporary git worktree removed
# afterwards; $1 names the calling script in messages.
build_reference() {
    local caller="$1" rev="$2" cache="$3" sha tmp
    sha="$(git -C "$root" rev-parse --verify "$rev^{commit}")"
    tmp="$(mktemp -d)"
    # The temporary worktree goes whatever happens, so no stale worktree is left registered.
    trap 'git -C "$root" worktree remove --force "$tmp/src" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
    echo "$caller: building the reference $rev ($sha) into $cache ..." >&2
    git -C "$root" worktree add --detach --quiet "$tmp/src" "$sha"
    # Offline first (the dependencies are usually cached already), online if something is missing: an old
    # revision may use library versions this machine has not fetched yet. The offline attempt's errors are
    # shown only if the online build fails too.
    if ! (cd "$tmp/src" && ./mvnw -B -q -o -DskipTests package) >"$tmp/offline.log" 2>&1; then
        echo "$caller: the offline build lacks something; building online ..." >&2
        if ! (cd "$tmp/src" && ./mvnw -B -q -DskipTests package) >&2; then
            echo "$caller: the reference $rev ($sha) does not build (see above; the offline attempt said:)" >&2
            tail -n 20 "$tmp/offline.log" >&2
            exit 2
        fi
    fi
    mkdir -p "$tmp/out/config"
    cp "$tmp/src/player/target/ratchet.jar" "$tmp/out/"
    if [ -d "$tmp/src/config" ]; then cp -R "$tmp/src/config/." "$tmp/out/config/"; fi
    mkdir -p "$(dirname "$cache")"
    rm -rf "$cache"
    mv "$tmp/out" "$cache"
    git -C "$root" worktree remove --force "$tmp/src"
    rm -rf "$tmp"
    trap - EXIT
}
