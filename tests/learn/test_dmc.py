"""The Deep Monte-Carlo rule (shengji.learn.dmc): its loss is the docstring's formula (a numpy
twin), blind to a score's offset per decision, and a pass over self-play data is a pure
function of the data, the parent and the seed."""

from __future__ import annotations

import numpy as np

from tests.support.torch import need_torch

torch = need_torch()

from shengji.learn.dmc import Rule, dmc_loss, fit  # noqa: E402
from shengji.learn.model import VALUE_SCALE, Net, load_into, read_floats, weights_of  # noqa: E402


def _twin(q, v, y, mask, g, q0, rule):
    """The loss by the formula, row by row in numpy."""
    fq = fv = dr = 0.0
    for i in range(len(q)):
        k = mask[i].sum()
        c = q[i, :k] - q[i, :k].mean()
        c0 = q0[i, :k] - q0[i, :k].mean()
        fq += ((VALUE_SCALE * v[i] + rule.q_scale * c[y[i]] - g[i]) / rule.q_scale) ** 2
        fv += (v[i] - g[i] / VALUE_SCALE) ** 2
        dr += ((c - c0) ** 2).mean()
    b = len(q)
    return fq / b + rule.value_weight * fv / b + rule.anchor * dr / b


def _batch(seed, b=16, k=8):
    rng = np.random.default_rng(seed)
    n = rng.integers(2, k + 1, b)
    mask = np.arange(k)[None, :] < n[:, None]
    q = np.where(mask, rng.normal(size=(b, k)), -np.inf).astype(np.float32)
    q0 = np.where(mask, rng.normal(size=(b, k)), -np.inf).astype(np.float32)
    v = rng.normal(size=b).astype(np.float32)
    y = rng.integers(0, n)
    g = rng.normal(0, 40, b).astype(np.float32)
    return q, v, y, mask, g, q0


def test_the_loss_is_the_formula_and_blind_to_a_scores_offset():
    rule = Rule(anchor=0.7, value_weight=0.3, q_scale=12.0)
    for seed in range(5):
        q, v, y, mask, g, q0 = _batch(seed)
        t = [torch.from_numpy(a) for a in (q, v, y, mask, g, q0)]
        loss, parts = dmc_loss(*t[:5], t[5], rule)
        np.testing.assert_allclose(loss.item(), _twin(q, v, y, mask, g, q0, rule), rtol=1e-5)
        shifted = q + np.random.default_rng(seed).normal(size=(len(q), 1)).astype(np.float32)
        t[0] = torch.from_numpy(shifted)
        np.testing.assert_allclose(dmc_loss(*t[:5], t[5], rule)[0].item(), loss.item(), rtol=1e-5)
    no_anchor = dmc_loss(*t[:5], None, rule)[1]
    assert no_anchor[2] == 0.0


def test_a_pass_is_a_pure_function_of_data_parent_and_seed(tmp_path):
    from shengji._core.bots import features, net
    from shengji.analysis import run

    data = run(
        {"study": "decisions", "n": 16, "seed": 3, "teacher": "net", "explore": 0.5},
        tmp_path / "sp",
    )
    floats, _ = read_floats(net.SHIPPED_WEIGHTS)

    def once(seed, td=1.0):
        model = Net(features.STATE_SIZE, features.ACTION_SIZE)
        load_into(model, floats)
        figures = fit(model, [data], Rule(lr=1e-3, td=td), seed, log=lambda line: None)
        return weights_of(model), figures

    (a, fa), (b, _), (c, _) = once(7), once(7), once(8)
    (t1, _), (t2, _) = once(7, td=0.5), once(7, td=0.5)  # the bootstrap: its own, as pure
    assert all(t1[k].tobytes() == t2[k].tobytes() for k in a)
    assert any(t1[k].tobytes() != a[k].tobytes() for k in a)
    assert fa["rows"] > 16 * 30 and np.isfinite(fa["outcome_loss"])
    assert all(a[k].tobytes() == b[k].tobytes() for k in a)
    assert any(a[k].tobytes() != c[k].tobytes() for k in a)
    moved = [k for k in a if not np.array_equal(a[k], floats[k])]
    assert {"w1", "wq", "wv"} <= set(moved), moved


def test_each_pass_logs_its_own_figures_and_the_result_counts_every_pass(tmp_path, capsys):
    from shengji._core.bots import features, net
    from shengji.analysis import run

    data = run({"study": "decisions", "n": 8, "seed": 5, "teacher": "net"}, tmp_path / "sp")
    floats, _ = read_floats(net.SHIPPED_WEIGHTS)
    model = Net(features.STATE_SIZE, features.ACTION_SIZE)
    load_into(model, floats)
    lines: list[str] = []
    capsys.readouterr()
    figures = fit(model, [data], Rule(lr=1e-4, epochs=2), 1, log=lines.append)
    assert [line.split(":")[0] for line in lines] == ["  pass 1/2", "  pass 2/2"]
    per_pass = {int(line.split(": ")[1].split(" ")[0]) for line in lines}
    assert per_pass == {figures["rows"] // 2} and figures["rows"] % 2 == 0
    # the progress of each pass, on stderr (a pipe here: its last tenth)
    assert capsys.readouterr().err.count("shengji: 100% (") == 2


def test_the_next_decision_is_the_same_seats_in_the_same_hand():
    from shengji.learn.data import DecisionTable
    from shengji.learn.dmc import next_rows

    run = np.array([0, 0, 0, 0, 0, 0, 1, 1])
    hand = np.array([0, 0, 0, 0, 1, 1, 0, 0])
    seat = np.array([0, 1, 0, 1, 0, 0, 0, 0])
    step = np.array([0, 1, 2, 3, 0, 5, 0, 1])
    z = np.zeros(len(run))
    d = DecisionTable(x=z, a=z, n=z, choice=z, points=z, levels=z, hand=hand, run=run,
                      trick=z, phase=z, q=z, q_n=z, seat=seat, step=step)  # fmt: skip
    assert next_rows(d).tolist() == [2, 3, -1, -1, 5, -1, 7, -1]
    shuffled = d.take(np.array([5, 2, 7, 0, 3, 6, 1, 4]))
    nxt = next_rows(shuffled)
    assert [int(shuffled.step[j]) if j >= 0 else -1 for j in nxt] == [-1, -1, -1, 2, -1, 1, 3, 5]


def test_hindsight_values_fit_every_candidate():
    """With every candidate's value (hindsight data), each candidate's Q is fitted to its
    own value: the first term is the mean over the candidates that have one."""
    rule = Rule(anchor=0.0, value_weight=0.0)
    q, v, y, mask, g, q0 = _batch(11)
    rng = np.random.default_rng(11)
    qt = rng.normal(0, 40, q.shape).astype(np.float32)
    qn = (mask & (rng.random(q.shape) < 0.8)).astype(np.float32)
    qn[:, 0] = 1.0
    want = 0.0
    for i in range(len(q)):
        k = mask[i].sum()
        c = q[i, :k] - q[i, :k].mean()
        err = ((VALUE_SCALE * v[i] + rule.q_scale * c - qt[i, :k]) / rule.q_scale) ** 2
        want += err[qn[i, :k] > 0].mean()
    t = [torch.from_numpy(a) for a in (q, v, y, mask, g)]
    loss, _ = dmc_loss(*t, None, rule, torch.from_numpy(qt), torch.from_numpy(qn))
    np.testing.assert_allclose(loss.item(), want / len(q), rtol=1e-5)
    # without values the played candidate is fitted to the outcome, as before
    plain, _ = dmc_loss(*t, None, rule, torch.from_numpy(qt), torch.zeros_like(t[0]))
    assert plain.item() == dmc_loss(*t, None, rule)[0].item()


def test_centred_weights_the_differences_part_of_a_hindsight_fit():
    """The hindsight fit is the deal's part plus the differences' part (module docstring):
    ``centred = 0`` leaves the deal's alone, ``centred = c`` adds c - 1 differences' parts,
    and the parts returned are the fit unweighted."""
    rng = np.random.default_rng(12)
    q, v, y, mask, g, q0 = _batch(12)
    qt = rng.normal(0, 40, q.shape).astype(np.float32)
    qn = (mask & (rng.random(q.shape) < 0.8)).astype(np.float32)
    qn[:, 0] = 1.0
    deal = diff = 0.0
    for i in range(len(q)):
        k = mask[i].sum()
        c = q[i, :k] - q[i, :k].mean()
        has = qn[i, :k] > 0
        ch, th = c[has], qt[i, :k][has]
        deal += ((VALUE_SCALE * v[i] + 10.0 * ch.mean() - th.mean()) / 10.0) ** 2
        diff += (((ch - ch.mean()) - (th - th.mean()) / 10.0) ** 2).mean()
    deal, diff = deal / len(q), diff / len(q)
    t = [torch.from_numpy(a) for a in (q, v, y, mask, g)]
    hs = torch.from_numpy(qt), torch.from_numpy(qn)
    for centred in (0.0, 1.0, 10.0):
        rule = Rule(anchor=0.0, value_weight=0.0, centred=centred)
        loss, parts = dmc_loss(*t, None, rule, *hs)
        np.testing.assert_allclose(loss.item(), deal + centred * diff, rtol=1e-4)
        np.testing.assert_allclose(parts[0], deal + diff, rtol=1e-4)
