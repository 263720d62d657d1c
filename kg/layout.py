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

import networkx as nx
import numpy as np

SEED = 7
GAP = 0.08  # inches kept free around every box


@dataclass(frozen=True)
class Placement:
    """Box centres (inches, y up, origin at the lower left corner) and the size of the whole."""

    centers: dict[str, tuple[float, float]]
    width: float
    height: float


def place(
    sizes: Mapping[str, tuple[float, float]],
    links: Sequence[tuple[str, str]],
    *,
    aspect: float = 1.4,
    gap: float = GAP,
) -> Placement:
    """Centres for boxes of ``sizes`` (id -> (width, height)) joined by ``links``, none overlapping.

    ``aspect`` is the width/height ratio wished for the whole (the groups are packed for it).
    """
    graph = nx.Graph()
    graph.add_nodes_from(sorted(sizes))
    for a, b in links:
        if a != b:
            length = _link_length(sizes[a], sizes[b], gap)
            graph.add_edge(a, b, length=min(length, graph.edges[a, b]["length"]) if graph.has_edge(a, b) else length)
    groups = sorted(
        (sorted(c) for c in nx.connected_components(graph)), key=lambda c: (-len(c), c[0])
    )
    laid: list[tuple[list[str], np.ndarray, np.ndarray]] = []
    for group in groups:
        wh = np.array([sizes[i] for i in group], dtype=float)
        xy = _stress(graph.subgraph(group), group) if len(group) > 1 else np.zeros((1, 2))
        xy = _separate(_upright(xy), wh, gap)
        laid.append((group, xy, wh))
    return _pack(laid, aspect=aspect, gap=gap * 4)


def _link_length(a: tuple[float, float], b: tuple[float, float], gap: float) -> float:
    """How far apart two linked boxes should be: about their half-sizes, plus room for the line."""
    return (a[0] + b[0]) / 4 + (a[1] + b[1]) / 2 + 3 * gap + 0.15


def _stress(graph: nx.Graph, order: list[str]) -> np.ndarray:
    """Stress majorization (SMACOF) of one connected graph, from the best of a few starts."""
    n = len(order)
    index = {node: i for i, node in enumerate(order)}
    dist = np.zeros((n, n))
    for source, lengths in nx.all_pairs_dijkstra_path_length(graph, weight="length"):
        for target, d in lengths.items():
            dist[index[source], index[target]] = d
    weights = np.zeros_like(dist)
    off = dist > 0
    weights[off] = dist[off] ** -2.0
    laplacian = -weights
    laplacian[np.diag_indices(n)] = weights.sum(axis=1)
    pinv = np.linalg.pinv(laplacian)
    rng = np.random.default_rng(SEED)
    starts = [_classical(dist)] + [rng.normal(size=(n, 2)) * dist.max() / 2 for _ in range(4)]
    best, best_stress = starts[0], np.inf
    for xy in starts:
        for _ in range(400):
            d = _pairwise(xy)
            b = np.zeros_like(dist)
            b[off] = -weights[off] * dist[off] / np.maximum(d[off], 1e-9)
            b[np.diag_indices(n)] = -b.sum(axis=1)
            new = pinv @ b @ xy
            moved = np.abs(new - xy).max()
            xy = new
            if moved < 1e-4:
                break
        stress = float((weights * (_pairwise(xy) - dist) ** 2).sum())
        if stress < best_stress - 1e-9:
            best, best_stress = xy, stress
    return best


def _classical(dist: np.ndarray) -> np.ndarray:
    """Classical multidimensional scaling: a good, deterministic first guess."""
    n = len(dist)
    centring = np.eye(n) - np.ones((n, n)) / n
    gram = -0.5 * centring @ (dist**2) @ centring
    values, vectors = np.linalg.eigh(gram)
    top = np.argsort(values)[::-1][:2]
    xy = vectors[:, top] * np.sqrt(np.maximum(values[top], 1e-9))
    return xy + np.random.default_rng(SEED).normal(scale=1e-3, size=xy.shape)


def _pairwise(xy: np.ndarray) -> np.ndarray:
    diff = xy[:, None, :] - xy[None, :, :]
    return np.sqrt((diff**2).sum(axis=-1))


def _upright(xy: np.ndarray) -> np.ndarray:
    """Turn the drawing so that its principal axis is horizontal, in a fixed orientation."""
    xy = xy - xy.mean(axis=0)
    if len(xy) < 2:
        return xy
    _, vectors = np.linalg.eigh(np.cov(xy.T))
    turned = xy @ vectors[:, ::-1]
    for axis in range(2):  # fix the sign: the first item (by id) on the left / at the top
        if turned[0, axis] > 0 if axis == 0 else turned[0, axis] < 0:
            turned[:, axis] *= -1
    return turned


def _separate(xy: np.ndarray, wh: np.ndarray, gap: float) -> np.ndarray:
    """Push overlapping boxes apart along the axis where they overlap least, until none does."""
    xy = xy.copy()
    n = len(xy)
    if n < 2:
        return xy
    need = (wh[:, None, :] + wh[None, :, :]) / 2 + gap
    upper = np.triu(np.ones((n, n), dtype=bool), k=1)
    order = np.arange(n, dtype=float)
    for _ in range(2000):
        delta = xy[:, None, :] - xy[None, :, :]
        overlap = need - np.abs(delta)
        hit = (overlap[..., 0] > 1e-6) & (overlap[..., 1] > 1e-6) & upper
        if not hit.any():
            break
        along_x = overlap[..., 0] <= overlap[..., 1]
        push = np.zeros_like(delta)
        for axis, mask in ((0, hit & along_x), (1, hit & ~along_x)):
            sign = np.sign(delta[..., axis])
            ties = sign == 0  # same coordinate: the earlier item goes left / down
            sign[ties] = np.sign(order[:, None] - order[None, :])[ties]
            push[..., axis] = np.where(mask, sign * (overlap[..., axis] / 2 + 1e-4), 0.0)
        moves = push.sum(axis=1) - push.sum(axis=0)
        xy += moves * 0.5
    return xy


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
