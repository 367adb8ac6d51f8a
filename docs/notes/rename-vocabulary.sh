#!/usr/bin/env bash
# The vocabulary renames of docs/glossary.md (issue 14 item 5), mechanical and idempotent.
# Run from the repository root on a clean tree, after the other lanes' branches are merged:
#
#   cp docs/notes/rename-vocabulary.sh /tmp/r.sh && bash /tmp/r.sh   # (a copy: the script rewrites docs/, itself included)
#   npm run typecheck && npm run lint && npx vitest run --project unit
#   git add -A && git commit -m "One vocabulary: flames, clip, Conscious Mode, partnership (glossary rename plan)"
#
# Running it twice changes nothing the second time. It never touches URLs (app/routes.ts keeps every path), cookie
# names, database tables/columns/constraints (db/schema, db/migrations are not rewritten), nor translation TEXT
# (locale files are moved or merged whole; only namespace names change, never a key or a value).
#
# Left for a later, reviewed change (not mechanical): the brand-mode VALUE "safe" (BrandMode, data-brand, CSS
# selectors, e-mail template variants), SAFE_* environment variables, locale keys such as introSafe/totalLikes.
set -euo pipefail

[ -f package.json ] && [ -d app/features ] || { echo "run from the repository root" >&2; exit 1; }
if [ -n "$(git status --porcelain)" ] && [ "${RENAME_ALLOW_DIRTY:-}" != 1 ]; then
  echo "the working tree is not clean; commit or stash first (or RENAME_ALLOW_DIRTY=1 to re-run over a first run)" >&2
  exit 1
fi

# git mv that is a no-op when already done; creates the target folder.
mv_once() {
  local from=$1 to=$2
  if [ -e "$from" ]; then
    if [ -e "$to" ]; then echo "refusing: both $from and $to exist" >&2; exit 1; fi
    mkdir -p "$(dirname "$to")"
    git mv "$from" "$to"
  fi
}

# ---------------------------------------------------------------- 1. files and folders
# likes → flames (the flamed clips list joins the flames feature)
mv_once app/features/likes/liked-filters.ts                     app/features/flames/flamed-filters.ts
mv_once app/features/likes/likes.server.ts                      app/features/flames/flamed-clips.server.ts
mv_once app/features/likes/components/liked-filters-bar.tsx     app/features/flames/components/flamed-filters-bar.tsx
mv_once app/features/likes/components/liked-video-card.tsx      app/features/flames/components/flamed-clip-card.tsx
mv_once app/features/likes/components/liked-videos-page.tsx     app/features/flames/components/flamed-clips-page.tsx
mv_once app/features/likes/components/remove-like-button.tsx    app/features/flames/components/unflame-button.tsx
mv_once app/features/flames/liker.server.ts                     app/features/flames/flame-owner.server.ts
# habits + safe-mode → conscious
if [ -d app/features/habits ]; then
  for f in $(git ls-files app/features/habits); do mv_once "$f" "app/features/conscious/${f#app/features/habits/}"; done
fi
mv_once app/features/safe-mode/components/safe-landing.tsx      app/features/conscious/components/conscious-landing.tsx
# route modules (URLs are in app/routes.ts and do not change)
mv_once app/routes/ativar.tsx        app/routes/activate.tsx
mv_once app/routes/promote.tsx       app/routes/partnership.tsx
mv_once app/routes/liked-videos.tsx  app/routes/flamed-clips.tsx
mv_once app/routes/video.tsx         app/routes/clip.tsx
# tests named after the old words
mv_once tests/integration/liked-videos.test.ts tests/integration/flamed-clips.test.ts
# translation namespaces: files move whole (keys and text unchanged)
for lang in en es; do
  mv_once "app/locales/$lang/liked.json"   "app/locales/$lang/flamed.json"
  mv_once "app/locales/$lang/account.json" "app/locales/$lang/my-account.json"
  if [ -e "app/locales/$lang/safe.json" ] || [ -e "app/locales/$lang/habits.json" ]; then
    # safe + habits → conscious; refuses if a top-level key is in both.
    node -e '
      const fs = require("fs"); const [dir] = process.argv.slice(1);
      const read = (n) => (fs.existsSync(`${dir}/${n}.json`) ? JSON.parse(fs.readFileSync(`${dir}/${n}.json`, "utf8")) : {});
      const target = read("conscious"), parts = [read("safe"), read("habits")];
      for (const part of parts) for (const [k, v] of Object.entries(part)) {
        if (k in target && JSON.stringify(target[k]) !== JSON.stringify(v)) { console.error(`${dir}: key ${k} in two namespaces`); process.exit(1); }
        target[k] = v;
      }
      fs.writeFileSync(`${dir}/conscious.json`, JSON.stringify(target, null, 2) + "\n");
    ' "app/locales/$lang"
    git rm -q --ignore-unmatch "app/locales/$lang/safe.json" "app/locales/$lang/habits.json"
    git add "app/locales/$lang/conscious.json"
  fi
done
rmdir app/features/likes/components app/features/likes app/features/safe-mode/components app/features/safe-mode 2>/dev/null || true
[ -d app/features/habits ] && find app/features/habits -depth -type d -empty -delete

# ---------------------------------------------------------------- 2. code: imports, identifiers, namespaces
CODE=$(git ls-files app server scripts tests db/seed 'app/**' | grep -E '\.(ts|tsx|mjs)$' | sort -u)

# shellcheck disable=SC2086
perl -pi -e '
  # import paths (modules moved above)
  s#features/likes/liked-filters#features/flames/flamed-filters#g;
  s#features/likes/likes\.server#features/flames/flamed-clips.server#g;
  s#features/likes/components/liked-filters-bar#features/flames/components/flamed-filters-bar#g;
  s#features/likes/components/liked-video-card#features/flames/components/flamed-clip-card#g;
  s#features/likes/components/liked-videos-page#features/flames/components/flamed-clips-page#g;
  s#features/likes/components/remove-like-button#features/flames/components/unflame-button#g;
  s#features/safe-mode/components/safe-landing#features/conscious/components/conscious-landing#g;
  s#features/habits/#features/conscious/#g;
  s#(["/])liker\.server(["])#$1flame-owner.server$2#g;
  s#\.\./liked-filters"#../flamed-filters"#g;   s#\./liked-filters"#./flamed-filters"#g;
  s#\.\./likes\.server"#../flamed-clips.server"#g;
  s#\./liked-filters-bar"#./flamed-filters-bar"#g; s#\./liked-video-card"#./flamed-clip-card"#g;
  s#\./remove-like-button"#./unflame-button"#g;
  s#~/routes/ativar"#~/routes/activate"#g;      s#\./\+types/ativar"#./+types/activate"#g;
  s#~/routes/promote"#~/routes/partnership"#g;  s#\./\+types/promote"#./+types/partnership"#g;
  s#~/routes/liked-videos"#~/routes/flamed-clips"#g; s#\./\+types/liked-videos"#./+types/flamed-clips"#g;
  s#~/routes/video"#~/routes/clip"#g;           s#\./\+types/video"#./+types/clip"#g;
  # route table: module files only; the URL (first argument) stays
  s#"routes/ativar\.tsx"#"routes/activate.tsx"#g;
  s#"routes/promote\.tsx"#"routes/partnership.tsx"#g;
  s#"routes/liked-videos\.tsx"#"routes/flamed-clips.tsx"#g;
  s#"routes/video\.tsx"#"routes/clip.tsx"#g;
  # translation namespaces, only where a namespace is named (useT, serverT, a route handle'"'"'s i18n list)
  for my $pair (["liked","flamed"], ["account","my-account"], ["safe","conscious"], ["habits","conscious"]) {
    my ($old, $new) = @$pair;
    # the first argument may hold one level of parentheses: serverT(getVisitor(args).language, "liked")
    s/\b((?:useT|serverT|getFixedT)\((?:[^()]|\([^()]*\))*?)"\Q$old\E"/$1"$new"/g;
    1 while s/(i18n:\s*\[[^\]]*?)"\Q$old\E"/$1"$new"/;
  }
  s/"conscious", "conscious"/"conscious"/g;
  # identifiers: flames (never like/liker), clips
  s/\bLikedVideosPage\b/FlamedClipsPage/g;  s/\bLikedVideoCard\b/FlamedClipCard/g;
  s/\bLikedFiltersBar\b/FlamedFiltersBar/g; s/\bLikedVideos\b/FlamedClips/g; s/\bLikedVideo\b/FlamedClip/g;
  s/\bLikedFilters\b/FlamedFilters/g;       s/\bLikedCategory\b/FlamedCategory/g; s/\bLikedSort\b/FlamedSort/g;
  s/\bLikedPage\b/FlamedClipsData/g;        s/\bLIKED_SORTS\b/FLAMED_SORTS/g; s/\bLIKED_PAGE_SIZE\b/FLAMED_PAGE_SIZE/g;
  s/\bhasLikedFilters\b/hasFlamedFilters/g; s/\bparseLikedFilters\b/parseFlamedFilters/g; s/\blikedSearch\b/flamedSearch/g;
  s/\blikedVideos\b/flamedClips/g;          s/\blikedOrder\b/flamedOrder/g; s/\blikedWhere\b/flamedWhere/g;
  s/\blikedCategories\b/flamedCategories/g; s/\blikedCounts\b/flamedCounts/g; s/\blikedRoute\b/flamedRoute/g;
  s/\bRemoveLikeButton\b/UnflameButton/g;   s/\bRemoveLikeActionData\b/UnflameActionData/g; s/\bremoveLike\b/unflame/g;
  s/\bresolveLiker\b/resolveFlameOwner/g;   s/\blikerCondition\b/ownerCondition/g;
  s/\bLiker\b/FlameOwner/g;                 s/\bliker\b/flameOwner/g;
  s/\bSafeLanding\b/ConsciousLanding/g;
' $CODE

# Inside the flames feature, the flamed clips list uses its own module, not its own public entry.
[ -f app/features/flames/flamed-clips.server.ts ] &&
  perl -pi -e 's#"~/features/flames/index\.server"#"./flames.server"#g' app/features/flames/flamed-clips.server.ts

# ---------------------------------------------------------------- 3. documents: paths only (the glossary keeps the old words on purpose)
DOCS=$(git ls-files README.md 'docs/*.md' 'docs/**/*.md' | grep -v '^docs/glossary\.md$' | sort -u)
# shellcheck disable=SC2086
perl -pi -e '
  s#app/features/likes/likes\.server\.ts#app/features/flames/flamed-clips.server.ts#g;
  s#app/features/likes/liked-filters\.ts#app/features/flames/flamed-filters.ts#g;
  s#app/features/likes\b#app/features/flames#g;
  s#app/features/habits\b#app/features/conscious#g;
  s#app/features/safe-mode\b#app/features/conscious#g;
  s#flames/liker\.server\.ts#flames/flame-owner.server.ts#g;
  s#routes/ativar\.tsx#routes/activate.tsx#g; s#routes/promote\.tsx#routes/partnership.tsx#g;
  s#routes/liked-videos\.tsx#routes/flamed-clips.tsx#g; s#routes/video\.tsx#routes/clip.tsx#g;
  s#locales/(en|es)/liked\.json#locales/$1/flamed.json#g; s#locales/(en|es)/account\.json#locales/$1/my-account.json#g;
' $DOCS

# ---------------------------------------------------------------- 4. format and report
npx prettier --write --log-level warn $CODE $DOCS app/locales >/dev/null
echo "renamed. Left as they were on purpose: URLs, cookies, tables/columns, translation text, brand-mode value 'safe'."
echo "next: npm run typecheck && npm run lint && npx vitest run --project unit"
git status --short | head -60
