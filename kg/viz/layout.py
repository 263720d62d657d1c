"""Place boxes of known size (in inches) so that none overlaps another: the layout of ``kg draw``.

Items are boxes (an entity with its label, or the label of an edge) joined by links; an edge's
label is an item of its own between the two entities, so that the layout keeps room for it.
Each connected group is laid out by stress majorization (as Graphviz's neato and Kamada-Kawai
do: graph distances become drawing distances), turned so that its long side is horizontal, and
then its boxes are pushed apart until no two overlap. The groups are packed in rows, the largest
first. Everything is deterministic: a fixed seed, sorted input, no clock.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

SEED = 7
STARTS = ((60, 8), (150, 4), (None, 1))  # stress layouts tried for a group of up to N boxes
CANDIDATES = 3  # of them, the least stressed, whose boxes are then pushed apart and judged by clutter
ITERATIONS = 300  # at most, for each start: most stop far earlier (see _stress)
PUSHES = 150  # rounds of pushing overlapping boxes apart before spreading them (see _separate)
GAP = 0.08  # inches kept free around every box


@dataclass(frozen=True)
class Placement:
    """Box centres (inches, y up, origin at the lower left corner) and the size of the whole."""

    centers: dict[str, tuple[float, float]]
    width: float
    height: float


def place(
    sizes: Mapping[str, tuple[float, float]],
    paths: Sequence[tuple[str, str, str]],
    *,
    aspect: float = 1.4,
    gap: float = GAP,
) -> Placement:
    """Centres for boxes of ``sizes`` (id -> (width, height)), none overlapping.

    Each path (start, via, end) is a line drawn from ``start`` through ``via`` (the box of its
    label) to ``end``, as a quadratic curve. Of the layouts tried, the one whose lines pass
    through the fewest other boxes, then cross each other least, wins. ``aspect`` is the
    width/height ratio wished for the whole (the groups are packed for it).
    """
    lengths: dict[tuple[str, str], float] = {}  # each link once, (a, b) with a < b: its shortest length
    for path in paths:
        for a, b in zip(path, path[1:]):
            if a != b:
                key = (a, b) if a < b else (b, a)
                length = _link_length(sizes[a], sizes[b], gap)
                lengths[key] = min(length, lengths.get(key, length))
    groups = sorted((sorted(c) for c in _components(sorted(sizes), lengths)), key=lambda c: (-len(c), c[0]))
    laid: list[tuple[list[str], np.ndarray, np.ndarray]] = []
    for group in groups:
        wh = np.array([sizes[i] for i in group], dtype=float)
        if len(group) == 1:
            laid.append((group, np.zeros((1, 2)), wh))
            continue
        members = set(group)
        index = {node: i for i, node in enumerate(group)}
        mine = [tuple(index[n] for n in p) for p in paths if p[0] in members]
        links = [(index[a], index[b], w) for (a, b), w in lengths.items() if a in members]
        tried = [_straighten(_separate(_upright(xy), wh, gap), wh, mine, gap)
                 for xy in _stress(_distances(len(group), links))[:CANDIDATES]]
        best = tried[0] if len(tried) == 1 else min(tried, key=lambda xy: _clutter(xy, wh, mine))
        laid.append((group, best, wh))
    return _pack(laid, aspect=aspect, gap=gap * 4)


def _link_length(a: tuple[float, float], b: tuple[float, float], gap: float) -> float:
    """How far apart two linked boxes should be: about their half-sizes, plus room for the line."""
    return (a[0] + b[0]) / 4 + (a[1] + b[1]) / 2 + 3 * gap + 0.15


def _components(nodes: list[str], links: Mapping[tuple[str, str], float]) -> list[list[str]]:
    """The connected groups of items (each found by a walk from its first item)."""
    near: dict[str, list[str]] = {node: [] for node in nodes}
    for a, b in links:
        near[a].append(b)
        near[b].append(a)
    seen: set[str] = set()
    groups = []
    for node in nodes:
        if node in seen:
            continue
        seen.add(node)
        group, todo = [node], [node]
        while todo:
            for other in near[todo.pop()]:
                if other not in seen:
                    seen.add(other)
                    group.append(other)
                    todo.append(other)
        groups.append(group)
    return groups


def _stress(dist: np.ndarray) -> list[np.ndarray]:
    """Stress majorization (SMACOF) of one connected graph (its items' graph distances) from
    several starts, least stress first.

    Each step is the Guttman transform L^+ (B(X) X), the product taken right to left: O(n^2) per
    step (L^+ B is never formed). L^+ is computed once (:func:`_laplacian_inverse`). All of it is
    elementwise arithmetic and sums, with no BLAS or LAPACK call, whose results can differ in the
    last bits with the number of threads: so the same graph gives the same drawing anywhere. A
    start stops when a step no longer lowers the stress (by 1 in 10,000) or moves nothing."""
    n = len(dist)
    off = dist > 0
    safe = np.where(off, dist, 1.0)
    weights = np.where(off, 1.0 / (safe * safe), 0.0)  # not ** -2.0: pow's SIMD loops differ by CPU
    pull = weights * dist
    laplacian = -weights
    laplacian[np.diag_indices(n)] = weights.sum(axis=1)
    inverse = _laplacian_inverse(laplacian)
    rng = np.random.default_rng(SEED)
    tries = next(k for most, k in STARTS if most is None or n <= most)  # big groups cost n^2 a step
    starts = [_classical(dist)] + [rng.normal(size=(n, 2)) * dist.max() / 2 for _ in range(tries - 1)]
    inverse_t = np.ascontiguousarray(inverse.T)
    results = []
    for xy in starts:
        stress = np.inf
        for _ in range(ITERATIONS):
            d = _pairwise(xy)
            now = float((weights * (d - dist) ** 2).sum())
            if now > stress * (1 - 1e-4):  # early stop: the last step gained next to nothing
                break
            stress = now
            b = np.where(off, -pull / np.maximum(d, 1e-9), 0.0)
            b[np.diag_indices(n)] = -b.sum(axis=1)
            new = _times(inverse_t, _times(np.ascontiguousarray(b.T), xy))
            moved = np.abs(new - xy).max()
            xy = new
            if moved < 2e-3:  # inches: far below what the eye sees
                break
        results.append((float((weights * (_pairwise(xy) - dist) ** 2).sum()), len(results), xy))
    return [xy for _, _, xy in sorted(results, key=lambda r: r[:2])]


def _laplacian_inverse(laplacian: np.ndarray) -> np.ndarray:
    """The pseudo-inverse of a connected graph's weighted Laplacian, by Gauss-Jordan elimination
    with elementwise row operations (no LAPACK: see :func:`_stress`): (L + J/n)^-1 - J/n."""
    n = len(laplacian)
    a = laplacian + 1.0 / n
    inv = np.eye(n)
    for k in range(n):
        pivot = a[k, k]
        a[k] = a[k] / pivot
        inv[k] = inv[k] / pivot
        factor = a[:, k].copy()
        factor[k] = 0.0
        a -= factor[:, None] * a[k][None, :]
        inv -= factor[:, None] * inv[k][None, :]
    return inv - 1.0 / n


def _distances(n: int, links: Sequence[tuple[int, int, float]]) -> np.ndarray:
    """Shortest-path lengths between every two of ``n`` connected items, from every item at once:
    each round lengthens every path found by one link (Bellman-Ford), until none gets shorter.

    Each length is the sum of its links' in the order walked from the start, the least of all
    paths': the very numbers Dijkstra's algorithm gives (adding a positive length never makes a
    rounded sum smaller, so no path through a farther item can be the shorter)."""
    start = np.array([i for i, j, _ in links] + [j for i, j, _ in links])
    end = np.array([j for i, j, _ in links] + [i for i, j, _ in links])
    length = np.array([w for _, _, w in links] * 2)
    by_end = np.argsort(end, kind="stable")
    start, end, length = start[by_end], end[by_end], length[by_end]
    firsts = np.flatnonzero(np.r_[True, end[1:] != end[:-1]])  # every item has a link: it is connected
    dist = np.full((n, n), np.inf)
    dist[np.diag_indices(n)] = 0.0
    while True:
        through = np.minimum.reduceat(dist[:, start] + length[None, :], firsts, axis=1)
        shorter = np.minimum(dist, through)
        if (shorter == dist).all():
            return dist
        dist = shorter


def _straighten(xy: np.ndarray, wh: np.ndarray, paths: list[tuple[int, ...]], gap: float) -> np.ndarray:
    """Move each line's label back towards the middle of its two ends, where there is room."""
    xy = xy.copy()
    need = (wh[:, None, :] + wh[None, :, :]) / 2 + gap
    for a, via, b in paths:
        if a == b:
            continue
        for t in (0.5, 0.42, 0.58, 0.34, 0.66):
            spot = xy[a] + t * (xy[b] - xy[a])
            clash = (np.abs(spot - xy) < need[via]).all(axis=1)
            clash[via] = False
            if not clash.any():
                xy[via] = spot
                break
    return xy


def _clutter(xy: np.ndarray, wh: np.ndarray, paths: list[tuple[int, ...]]) -> tuple[int, int]:
    """(lines through other boxes, crossings of lines): what makes a diagram hard to read."""
    if not paths:
        return (0, 0)
    t = np.linspace(0, 1, 25)[:, None]
    curves = []
    through = 0
    for a, via, b in paths:
        p0, p1, p2 = xy[a], xy[via], xy[b]
        control = 2 * p1 - (p0 + p2) / 2
        curve = (1 - t) ** 2 * p0 + 2 * (1 - t) * t * control + t**2 * p2
        inside = (np.abs(curve[:, None, :] - xy[None, :, :]) < wh[None, :, :] / 2).all(axis=2)
        inside[:, [a, via, b]] = False
        through += int(inside.any(axis=0).sum())
        curves.append(curve)
    segments = np.array([np.stack([c[:-1], c[1:]], axis=1) for c in curves])  # (paths, 24, 2, 2)
    low, high = np.array([c.min(axis=0) for c in curves]), np.array([c.max(axis=0) for c in curves])
    # only lines whose bounding boxes meet can cross
    meet = ((low[:, None, :] <= high[None, :, :]) & (low[None, :, :] <= high[:, None, :])).all(axis=2)
    ends = [set(p[::2]) for p in paths]
    crossings = 0
    for i in range(len(curves) - 1):
        # lines that share an end meet there; that is not a crossing
        others = [j for j in np.flatnonzero(meet[i, i + 1:]) + i + 1 if not ends[i] & ends[j]]
        if others:
            crossings += _crossing_count(segments[i], segments[others].reshape(-1, 2, 2))
    return (through, crossings)


def _crossing_count(a: np.ndarray, b: np.ndarray) -> int:
    """How many segments of polyline ``a`` cross the segments ``b`` (any number, shape (k, 2, 2))."""
    p, r = a[:, None, 0, :], (a[:, 1, :] - a[:, 0, :])[:, None, :]
    q, s = b[None, :, 0, :], (b[:, 1, :] - b[:, 0, :])[None, :, :]
    denom = r[..., 0] * s[..., 1] - r[..., 1] * s[..., 0]
    qp = q - p
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (qp[..., 0] * s[..., 1] - qp[..., 1] * s[..., 0]) / denom
        u = (qp[..., 0] * r[..., 1] - qp[..., 1] * r[..., 0]) / denom
    return int(((t >= 0) & (t <= 1) & (u >= 0) & (u <= 1) & (denom != 0)).sum())


def _classical(dist: np.ndarray) -> np.ndarray:
    """Classical multidimensional scaling: a good, deterministic first guess.

    The two leading eigenvectors of the double-centred squared distances, by power iteration
    with elementwise products (no LAPACK: see :func:`_stress`)."""
    n = len(dist)
    squared = dist**2
    gram = -0.5 * (squared - squared.mean(axis=0)[None, :] - squared.mean(axis=1)[:, None] + squared.mean())
    rng = np.random.default_rng(SEED)
    found: list[tuple[float, np.ndarray]] = []
    for _ in range(2):
        v = rng.normal(size=n)
        value = 0.0
        for _ in range(200):
            for _, u in found:  # keep it apart from the vectors found already
                v = v - (v * u).sum() * u
            w = (gram * v[None, :]).sum(axis=1)
            norm = float(np.sqrt((w**2).sum()))
            if norm < 1e-12:
                break
            w = w / norm
            value = norm
            if float(np.abs(w - v).max()) < 1e-7:
                v = w
                break
            v = w
        found.append((value, v))
    xy = np.stack([v * np.sqrt(max(value, 1e-9)) for value, v in found], axis=1)
    return xy + np.random.default_rng(SEED).normal(scale=1e-3, size=xy.shape)


def _pairwise(xy: np.ndarray) -> np.ndarray:
    dx = xy[:, 0][:, None] - xy[:, 0][None, :]
    dy = xy[:, 1][:, None] - xy[:, 1][None, :]
    return np.sqrt(dx * dx + dy * dy)


def _times(matrix_t: np.ndarray, xy: np.ndarray) -> np.ndarray:
    """``M @ xy`` given M's transpose (C-ordered), summed term by term in column order: each
    product is exact IEEE arithmetic and the sum runs j = 0, 1, ... in one fixed order (a 2-D
    array summed down its first axis), with no BLAS call and no SIMD reduction that a CPU or a
    thread count could split differently."""
    return np.stack([(matrix_t * xy[:, k][:, None]).sum(axis=0) for k in range(xy.shape[1])], axis=1)


def _upright(xy: np.ndarray) -> np.ndarray:
    """Turn the drawing so that its principal axis is horizontal, in a fixed orientation."""
    xy = xy - xy.mean(axis=0)
    if len(xy) < 2:
        return xy
    cov = (xy[:, :, None] * xy[:, None, :]).sum(axis=0) / (len(xy) - 1)  # elementwise: no BLAS
    turned = (xy[:, :, None] * _principal_axes(cov)[None, :, :]).sum(axis=1)
    for axis in range(2):  # fix the sign: the first item (by id) on the left / at the top
        if turned[0, axis] > 0 if axis == 0 else turned[0, axis] < 0:
            turned[:, axis] *= -1
    return turned


def _principal_axes(cov: np.ndarray) -> np.ndarray:
    """The unit eigenvectors of a symmetric 2 x 2 matrix as columns, the larger eigenvalue's
    first: in closed form, by arithmetic and square roots alone (correctly rounded everywhere; a
    LAPACK call or numpy's SIMD loops of other functions can differ in the last bits by CPU)."""
    a, b, c = float(cov[0, 0]), float(cov[0, 1]), float(cov[1, 1])
    half = (a - c) / 2
    largest = (a + c) / 2 + np.sqrt(half * half + b * b)
    if abs(b) < 1e-300:
        first = np.array([1.0, 0.0]) if a >= c else np.array([0.0, 1.0])
    elif largest - a >= largest - c:
        first = np.array([b, largest - a])
    else:
        first = np.array([largest - c, b])
    first = first / np.sqrt(first[0] * first[0] + first[1] * first[1])
    return np.array([[first[0], -first[1]], [first[1], first[0]]])


def _separate(xy: np.ndarray, wh: np.ndarray, gap: float) -> np.ndarray:
    """Push overlapping boxes apart along the axis where they overlap least, until none does.

    Pushes that have not cleared every overlap after :data:`PUSHES` rounds (crowded boxes can
    push each other back and forth) are finished by spreading the whole drawing out, as little as
    clears the last overlaps: a spread never makes a new one."""
    xy = xy.copy()
    n = len(xy)
    if n < 2:
        return xy
    need = (wh[:, None, :] + wh[None, :, :]) / 2 + gap
    upper = np.triu(np.ones((n, n), dtype=bool), k=1)
    order = np.arange(n, dtype=float)
    earlier = np.sign(order[:, None] - order[None, :])  # same coordinate: the earlier item goes left / down
    need_x, need_y = need[..., 0], need[..., 1]
    for _ in range(PUSHES):
        delta = [xy[:, k][:, None] - xy[:, k][None, :] for k in range(2)]
        over_x, over_y = need_x - np.abs(delta[0]), need_y - np.abs(delta[1])
        hit = (over_x > 1e-6) & (over_y > 1e-6) & upper
        if not hit.any():
            return xy
        along_x = over_x <= over_y
        moves = np.empty_like(xy)
        for axis, mask, overlap in ((0, hit & along_x, over_x), (1, hit & ~along_x, over_y)):
            sign = np.sign(delta[axis])
            ties = sign == 0
            sign[ties] = earlier[ties]
            push = np.where(mask, sign * (overlap / 2 + 1e-4), 0.0)
            # each box's pushes summed in one fixed order (see _times): by others, then on others
            moves[:, axis] = np.ascontiguousarray(push.T).sum(axis=0) - push.sum(axis=0)
        xy += moves * 0.5
    return _spread(xy, need, upper)


def _spread(xy: np.ndarray, need: np.ndarray, upper: np.ndarray) -> np.ndarray:
    """Scale the drawing about its centre just enough that no two boxes overlap."""
    delta = np.abs(xy[:, None, :] - xy[None, :, :])
    hit = (need[..., 0] - delta[..., 0] > 1e-6) & (need[..., 1] - delta[..., 1] > 1e-6) & upper
    if not hit.any():
        return xy
    with np.errstate(divide="ignore"):
        enough = np.minimum(need[..., 0] / delta[..., 0], need[..., 1] / delta[..., 1])
    factor = float(enough[hit].max()) * (1 + 1e-6) + 1e-9
    if not np.isfinite(factor):  # two boxes at one spot: part them first
        xy = xy + np.random.default_rng(SEED).normal(scale=1e-3, size=xy.shape)
        return _spread(xy, need, upper)
    centre = xy.mean(axis=0)
    return centre + (xy - centre) * factor


def _pack(
    laid: list[tuple[list[str], np.ndarray, np.ndarray]], *, aspect: float, gap: float
) -> Placement:
    """Pack the groups in rows, left to right and top to bottom, for the aspect asked."""
    boxes = []
    for group, xy, wh in laid:
        low = (xy - wh / 2).min(axis=0)
        high = (xy + wh / 2).max(axis=0)
        boxes.append((group, xy - low, high - low))
    area = sum(float(size[0] + gap) * float(size[1] + gap) for _, _, size in boxes)
    row_width = max(max(float(size[0]) for _, _, size in boxes), np.sqrt(area * aspect))
    rows: list[list[tuple[list[str], np.ndarray, np.ndarray]]] = [[]]
    used = 0.0
    for box in boxes:
        if rows[-1] and used + box[2][0] > row_width + 1e-9:
            rows.append([])
            used = 0.0
        rows[-1].append(box)
        used += float(box[2][0]) + gap
    centers: dict[str, tuple[float, float]] = {}
    placed: list[tuple[list[str], np.ndarray, float]] = []
    top = 0.0
    width = 0.0
    for row in rows:
        height = max(float(size[1]) for _, _, size in row)
        x = 0.0
        for group, xy, size in row:
            shifted = xy + np.array([x, -top - height / 2 - float(size[1]) / 2])
            placed.append((group, shifted, 0.0))
            x += float(size[0]) + gap
        width = max(width, x - gap)
        top += height + gap
    total = top - gap
    for group, xy, _ in placed:
        for node, (px, py) in zip(group, xy):
            centers[node] = (float(px), float(py + total))
    return Placement(centers=centers, width=width, height=total)
