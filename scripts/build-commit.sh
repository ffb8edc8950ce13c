# build-commit.sh - sourced by the scripts that compare a named commit with
# this checkout (same-games.sh, bench-commit.sh); not run on its own.
#
#   build_commit_and_here NAME COMMIT JOBS
#
# Makes a temporary folder (work), checks COMMIT out there in a git worktree
# (old_tree) and builds its `grognard` (old_bin), builds this checkout's
# `grognard` into the same folder (new_bin), and removes the worktree and the
# folder when the calling script exits. Must be called from the top of this
# checkout (here). NAME names the temporary folder and the messages.

# refuses what is not a commit, with the calling script's name
build_commit_check() {
    local name=$1 commit=$2
    git rev-parse --verify --quiet "$commit^{commit}" >/dev/null || { echo "$name: no commit '$commit'" >&2; exit 2; }
}

build_commit_and_here() {
    local name=$1 commit=$2 jobs=$3
    build_commit_check "$name" "$commit"
    here=$(pwd)
    work=$(mktemp -d "${TMPDIR:-/tmp}/$name.XXXXXX")
    old_tree=$work/old
    old_bin=$old_tree/build/grognard
    new_bin=$work/new-build/grognard
    trap 'git -C "$here" worktree remove --force "$old_tree" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
    echo "building $commit and this checkout ..."
    git worktree add --detach "$old_tree" "$commit" >/dev/null 2>&1
    make -s -C "$old_tree" -j"$jobs" build/grognard >/dev/null
    make -s -j"$jobs" B="$work/new-build" "$new_bin" >/dev/null
}
