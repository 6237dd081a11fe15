export function issue(repo, n) {
    return { repo, ref: `#${n}`, url: `https://github.com/${repo}/issues/${n}` };
}
export function pullRequest(repo, n) {
    return { repo, ref: `PR #${n}`, url: `https://github.com/${repo}/pull/${n}` };
}
