#!/usr/bin/python3
"""Trains Oralis' scoring head on speechocean762 and writes it as ONNX.

  npm run eval:features -- --data ../shared/data/so762-train   # -> reports/so762-features.jsonl
  npm run train:head                                           # this script

Run with Debian's /usr/bin/python3 (python3-torch, python3-onnx, python3-numpy).

One multi-task sequence model (GOPT-style, with a bidirectional GRU instead of
a transformer: it trains reliably on 2,500 utterances and runs in
onnxruntime-web's WASM backend) reads the vectors of src/scoring/features.ts:
  phones [T x Dp], words [W x Dw], pool [W x T] (row w averages word w's phones),
  utterance [1 x Du]
and predicts on the corpus' scales
  phone [T]      score 0..2
  word [W x 3]   accuracy, stress, total 0..10
  utterance [1 x 5]  accuracy, fluency, prosodic, total, completeness 0..10
The word and utterance vectors are projected and added to every phone of the
word / utterance before the GRU, so timing, pauses and prosody reach every
output; the word outputs read their phones' GRU states, the utterance outputs
the mean state and the utterance vector.

A second stage (stacking) refines the word and utterance outputs: word,
utterance and fluency MLPs read the measurements, the first stage's outputs
and statistics of its phone scores (stage2_inputs). They are trained on the
first stage's out-of-fold predictions, so they learn from scores as noisy as
the ones they will see. The fluency MLP reads only the timing, pause, rate
and prosody measures and the first stage's fluency (fluency_columns). The shipped head averages
MEMBERS such two-stage models trained from different seeds (fit_ensemble);
all of them are exported as one ONNX graph.

Calibration (src/scoring/calibration.ts): raw outputs regress to the mean, so
piecewise-linear curves to 0..100 and the fidelity thresholds are fitted on
out-of-fold predictions of the whole two-stage model over the speakers it is
trained on (stacked_oof). For the head of CV fold k those are the other
folds only (nested), so fold k's labels touch neither the model nor its
calibration.

Rerun on the same features file, it writes byte-identical models.

Outputs (deterministic: fixed seeds, one torch thread per worker process; JOBS=2 by default):
  models/en-us/head/         trained on every speaker; what the engine ships
  models/en-us/cv/fold-<k>/  trained without fold k's speakers; `npm run eval:cv`
                             scores fold k with it (speaker-disjoint CV)
It prints its own cross-validated correlations as a cross-check of eval:cv.

--portable (`npm run train:head -- --portable`) trains the same model on the
portable phone layout (features.ts PhoneLayout: no vector over the English
phones, no absolute log-likelihood), one member, for languages without rated
speech (Spanish, French): models/portable/head/, and its own speaker-disjoint CV figures on
English in reports/portable-head-cv.json (the fold models are not kept).
"""
import hashlib
import json
import multiprocessing
import os
import sys

import numpy as np
import torch
from torch import nn

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
ARGS = [a for a in sys.argv[1:] if not a.startswith('--')]
QUICK = '--quick' in sys.argv
PORTABLE = '--portable' in sys.argv
# Worker processes (one torch thread each); results do not depend on it.
JOBS = int(os.environ.get('JOBS', '2'))
FEATURES = ARGS[0] if ARGS else os.path.join(ROOT, 'reports', 'so762-features.jsonl')
OUT = os.path.join(ROOT, 'models', 'portable' if PORTABLE else 'en-us')
# Which dumped vectors the head reads (eval:features writes both layouts).
PHONE_KEY, UTT_KEY = ('phone_portable', 'utterance_portable') if PORTABLE else ('phone', 'utterance')
FOLDS = 5
FEATURES_NAME = 'speechocean762 train (reports/so762-features.jsonl)'
SEED = 762
UTT_OUTPUTS = ['accuracy', 'fluency', 'prosodic', 'total', 'completeness']
SETTINGS = {'hidden': 128, 'gru': 64, 'epochs': 20, 'batch': 16, 'learning_rate': 2e-3, 'weight_decay': 1e-3, 'dropout': 0.2}
# Word and utterance losses against the phone loss: a batch has hundreds of phones but 16 utterances.
LOSS_WEIGHTS = (2.0, 3.0)
# Second stage (hidden width, epochs): the word and utterance MLPs over first-stage outputs.
STAGE2 = {'word': (32, 80), 'utterance': (16, 300), 'fluency': (16, 300)}
# The shipped model averages this many two-stage models trained from different seeds. On folds 0-1 three
# members gave phone 0.577, word accuracy 0.614, utterance accuracy 0.800 where single models gave
# 0.557-0.573, 0.601-0.612 and 0.785-0.797; each member adds 0.85 MB and ~2 ms per request.
MEMBERS = 1 if PORTABLE else 3
MEMBER_SEED_STEP = 7919
# Raters' pass mark on their 0..10 word scale, and the spec's on 0..100.
HUMAN_PASS, SERVICE_PASS = 7.0, 70.0
# In a reading flagged incomplete, words predicted below this accuracy are named as not read
# (the raters give a word they did not hear 2-3 of 10; a word read with errors 5-8).
MISSING_WORD_BELOW = 4.5
# Share of complete readings (completeness 10) the incompleteness flag may fire on, at most (measured on
# out-of-fold predictions; the squeezed-word and off-script rules of fidelity.ts add a few more).
FALSE_INCOMPLETE = 0.022
# Words the engine fails should be words the raters failed at least this often.
WORD_FAIL_PRECISION = 0.62

torch.set_num_threads(1)


def load(path):
    utts = []
    for line in open(path):
        u = json.loads(line)
        if 'error' in u:
            continue
        lengths = [len(w['phones']) for w in u['words']]
        T, W = sum(lengths), len(lengths)
        u['x_phone'] = np.array(u[PHONE_KEY], dtype=np.float32).reshape(T, -1)
        u['x_word'] = np.array(u['word'], dtype=np.float32).reshape(W, -1)
        u['x_utt'] = np.array(u[UTT_KEY], dtype=np.float32)
        pool = np.zeros((W, T), dtype=np.float32)
        starts = np.cumsum([0] + lengths)
        for w in range(W):
            pool[w, starts[w]:starts[w + 1]] = 1.0 / lengths[w]
        u['pool'] = pool
        y_phone = np.full(T, np.nan, dtype=np.float32)
        y_word = np.full((W, 3), np.nan, dtype=np.float32)
        for pair in u['pairs']:
            lw = u['label']['words'][pair['label']]
            y_word[pair['ours']] = [lw['accuracy'], lw['stress'], lw['total']]
            for a, b in pair['phones']:
                y_phone[starts[pair['ours']] + a] = lw['phone_scores'][b]
        u['y_phone'], u['y_word'] = y_phone, y_word
        lab = u['label']
        u['y_utt'] = np.array([lab[k] for k in UTT_OUTPUTS], dtype=np.float32)
        utts.append(u)
    return utts


class Head(nn.Module):
    """Standardisation baked in; outputs on the corpus' scales."""

    def __init__(self, utts):
        super().__init__()
        h, g, p = SETTINGS['hidden'], SETTINGS['gru'], SETTINGS['dropout']
        for name in ['x_phone', 'x_word', 'x_utt']:
            rows = np.concatenate([np.atleast_2d(u[name]) for u in utts])
            self.register_buffer(f'{name}_mean', torch.tensor(rows.mean(0)))
            self.register_buffer(f'{name}_scale', torch.tensor(1.0 / (rows.std(0) + 1e-4)))
        dp, dw, du = (utts[0][n].shape[-1] for n in ['x_phone', 'x_word', 'x_utt'])
        self.phone_in, self.word_in, self.utt_in = nn.Linear(dp, h), nn.Linear(dw, h), nn.Linear(du, h)
        self.drop = nn.Dropout(p)
        self.gru = nn.GRU(h, g, batch_first=True, bidirectional=True)
        self.phone_out = nn.Sequential(nn.Linear(2 * g + h, h), nn.ReLU(), nn.Linear(h, 1))
        self.word_out = nn.Sequential(nn.Linear(2 * g + h + 1, h), nn.ReLU(), nn.Linear(h, 3))
        self.utt_out = nn.Sequential(nn.Linear(2 * g + h + 4, h), nn.ReLU(), nn.Linear(h, len(UTT_OUTPUTS)))
        self.register_buffer('word_range', torch.tensor([10.0, 10.0, 10.0]))

    def encode(self, xp, xw, pool, xu):
        """xp [B,T,Dp], xw [B,W,Dw], pool [B,W,T], xu [B,Du] -> phone inputs and word/utterance projections."""
        hp = torch.relu(self.phone_in((xp - self.x_phone_mean) * self.x_phone_scale))
        hw = torch.relu(self.word_in((xw - self.x_word_mean) * self.x_word_scale))
        hu = torch.relu(self.utt_in((xu - self.x_utt_mean) * self.x_utt_scale))
        member = (pool > 0).float()
        z = self.drop(hp + torch.matmul(member.transpose(1, 2), hw) + hu.unsqueeze(1))
        return z, hw, hu

    def heads(self, z, g, pool, hw, hu, g_mean, mask):
        """mask [B,T] marks real phones; the word and utterance outputs also read statistics of the phone outputs."""
        phone = 2.0 * torch.sigmoid(self.phone_out(torch.cat([g, z], -1))).squeeze(-1)
        word_phone = torch.matmul(pool, phone.unsqueeze(-1))
        word = 10.0 * torch.sigmoid(self.word_out(torch.cat([torch.matmul(pool, g), hw, word_phone], -1)))
        n = mask.sum(1, keepdim=True)
        mean = (phone * mask).sum(1, keepdim=True) / n
        std = torch.sqrt(((phone - mean) ** 2 * mask).sum(1, keepdim=True) / n + 1e-6)
        low = ((phone < 1).float() * mask).sum(1, keepdim=True) / n
        lowest = (phone + 2 * (1 - mask)).min(1, keepdim=True).values
        utt = 10.0 * torch.sigmoid(self.utt_out(torch.cat([g_mean, hu, mean, std, low, lowest], -1)))
        return phone, word, utt

    def forward(self, xp, xw, pool, xu, lengths):
        z, hw, hu = self.encode(xp, xw, pool, xu)
        packed = nn.utils.rnn.pack_padded_sequence(z, lengths, batch_first=True, enforce_sorted=False)
        g, _ = self.gru(packed)
        g, _ = nn.utils.rnn.pad_packed_sequence(g, batch_first=True, total_length=z.shape[1])
        mask = (torch.arange(z.shape[1])[None, :] < lengths[:, None]).float()
        g_mean = (g * mask.unsqueeze(-1)).sum(1) / lengths[:, None].float()
        return self.heads(z, g, pool, hw, hu, g_mean, mask)


class MLP(nn.Module):
    """Second stage: standardisation baked in, two hidden ReLU layers, linear outputs."""

    def __init__(self, x, outputs, hidden):
        super().__init__()
        self.register_buffer('mean', torch.tensor(x.mean(0)))
        self.register_buffer('scale', torch.tensor(1.0 / (x.std(0) + 1e-4)))
        p = SETTINGS['dropout']
        self.net = nn.Sequential(nn.Linear(x.shape[1], hidden), nn.ReLU(), nn.Dropout(p), nn.Linear(hidden, hidden), nn.ReLU(),
                                 nn.Dropout(p), nn.Linear(hidden, outputs))

    def forward(self, x):
        return self.net((x - self.mean) * self.scale)


def stage2_inputs(phone, word, utt, pool, x_word, x_utt):
    """One utterance's first-stage outputs (phone [T], word [W x 3], utterance [1 x 5]) -> the second stage's
    word vectors [W x (Dw + 7)] and utterance vector [1 x (Du + 12)]: the measurements, the first stage's
    outputs, and statistics of its phone and word scores (what a word's worst phone or an utterance's
    share of poor phones says)."""
    member = (pool > 0).float()
    word_mean = torch.matmul(pool, phone[:, None])
    word_min = (phone[None, :] + 10 * (1 - member)).min(1, keepdim=True).values
    word_max = (phone[None, :] - 10 * (1 - member)).max(1, keepdim=True).values
    mean = phone.mean()
    words = torch.cat([x_word, word, word_mean, word_min, word_max, mean.expand(x_word.shape[0], 1)], 1)
    stats = torch.stack([mean, torch.sqrt(((phone - mean) ** 2).mean()), phone.min(), (phone < 1).float().mean(),
                         (phone < 1.5).float().mean(), word[:, 0].mean(), word[:, 0].min()])
    return words, torch.cat([x_utt, utt, stats[None]], 1)


class Exported(nn.Module):
    """One utterance, no padding: the graph the engine runs (the first stage alone, or both stages)."""

    def __init__(self, head, word_mlp=None, utt_mlp=None, fluency_mlp=None, fluency_columns=None):
        super().__init__()
        self.head, self.word_mlp, self.utt_mlp, self.fluency_mlp = head, word_mlp, utt_mlp, fluency_mlp
        if fluency_columns is not None:
            self.register_buffer('fluency_columns', torch.tensor(fluency_columns))

    def forward(self, phones, words, pool, utterance):
        z, hw, hu = self.head.encode(phones[None], words[None], pool[None], utterance)
        g, _ = self.head.gru(z)
        phone, word, utt = self.head.heads(z, g, pool[None], hw, hu, g.mean(1), torch.ones_like(z[..., 0]))
        phone, word = phone[0], word[0]
        if self.word_mlp is None:
            return phone, word, utt
        return (phone, *self.second(phone, word, utt, pool, words, utterance))

    def second(self, phone, word, utt, pool, words, utterance):
        """The second stage: first-stage outputs and measurements -> word [W x 3] and utterance [1 x 5] scores."""
        xw, xu = stage2_inputs(phone, word, utt, pool, words, utterance)
        rest = self.utt_mlp(xu)
        fluency = self.fluency_mlp(torch.index_select(xu, 1, self.fluency_columns))
        return self.word_mlp(xw), torch.cat([rest[:, :1], fluency, rest[:, 1:]], 1)


class Averaged(nn.Module):
    """The ensemble: the members' phone, word and utterance outputs, averaged."""

    def __init__(self, members):
        super().__init__()
        self.members = nn.ModuleList(members)

    def forward(self, phones, words, pool, utterance):
        outputs = [m(phones, words, pool, utterance) for m in self.members]
        return tuple(torch.stack(o).mean(0) for o in zip(*outputs))


def batch(utts):
    B = len(utts)
    T = max(len(u['x_phone']) for u in utts)
    W = max(len(u['x_word']) for u in utts)
    xp = np.zeros((B, T, utts[0]['x_phone'].shape[1]), np.float32)
    xw = np.zeros((B, W, utts[0]['x_word'].shape[1]), np.float32)
    pool = np.zeros((B, W, T), np.float32)
    yp = np.full((B, T), np.nan, np.float32)
    yw = np.full((B, W, 3), np.nan, np.float32)
    for i, u in enumerate(utts):
        t, w = u['x_phone'].shape[0], u['x_word'].shape[0]
        xp[i, :t], xw[i, :w], pool[i, :w, :t] = u['x_phone'], u['x_word'], u['pool']
        yp[i, :t], yw[i, :w] = u['y_phone'], u['y_word']
    xu = np.stack([u['x_utt'] for u in utts])
    yu = np.stack([u['y_utt'] for u in utts])
    lengths = torch.tensor([len(u['x_phone']) for u in utts])
    return [torch.tensor(a) for a in (xp, xw, pool, xu)] + [lengths], [torch.tensor(a) for a in (yp, yw, yu)]


def masked_mse(pred, target):
    ok = ~torch.isnan(target)
    return ((pred[ok] - target[ok]) ** 2).mean() if ok.any() else pred.sum() * 0


def fit(utts, seed):
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    model = Head(utts)
    opt = torch.optim.AdamW(model.parameters(), lr=SETTINGS['learning_rate'], weight_decay=SETTINGS['weight_decay'])
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, SETTINGS['epochs'])
    # Batches of similar length waste less on padding.
    order = np.argsort([len(u['x_phone']) for u in utts], kind='stable')
    chunks = [order[i:i + SETTINGS['batch']] for i in range(0, len(order), SETTINGS['batch'])]
    batches = [batch([utts[j] for j in c]) for c in chunks]
    for _ in range(SETTINGS['epochs']):
        model.train()
        for i in rng.permutation(len(batches)):
            x, (yp, yw, yu) = batches[i]
            phone, word, utt = model(*x)
            loss = masked_mse(phone / 2, yp / 2) + LOSS_WEIGHTS[0] * masked_mse(word / 10, yw / 10) + LOSS_WEIGHTS[1] * masked_mse(utt / 10, yu / 10)
            opt.zero_grad()
            loss.backward()
            opt.step()
        sched.step()
    model.eval()
    return model


def predict(model, utts):
    """Per utterance: phone [T], word [W x 3], utterance [5], as the exported graph computes them."""
    exported = (model if isinstance(model, (Exported, Averaged)) else Exported(model)).eval()
    out = []
    with torch.no_grad():
        for u in utts:
            phone, word, utt = exported(*(torch.tensor(u[k]) for k in ['x_phone', 'x_word', 'pool']), torch.tensor(u['x_utt'])[None])
            out.append((phone.numpy(), word.numpy(), utt.numpy()[0]))
    return out


def cross_predict(utts, seed, folds, fit_fn):
    """Predictions for every utterance of `folds` from a model fitted (by fit_fn) without its fold."""
    preds = [None] * len(utts)
    for k in folds:
        model = fit_fn([u for u in utts if u['fold'] != k], seed + k)
        idx = [i for i, u in enumerate(utts) if u['fold'] == k]
        for i, p in zip(idx, predict(model, [utts[i] for i in idx])):
            preds[i] = p
    return preds


def stage2_data(utts, preds):
    """Second-stage inputs and targets from first-stage predictions the models made without seeing those speakers."""
    xw, yw, xu, yu = [], [], [], []
    with torch.no_grad():
        for u, (pp, pw, pu) in zip(utts, preds):
            w, v = stage2_inputs(torch.tensor(pp), torch.tensor(pw), torch.tensor(pu)[None], torch.tensor(u['pool']),
                                 torch.tensor(u['x_word']), torch.tensor(u['x_utt'])[None])
            ok = ~np.isnan(u['y_word'][:, 0])
            xw.append(w.numpy()[ok])
            yw.append(u['y_word'][ok])
            xu.append(v.numpy()[0])
            yu.append(u['y_utt'])
    return np.concatenate(xw), np.concatenate(yw), np.stack(xu), np.stack(yu)


def fit_mlp(x, y, hidden, epochs, seed):
    torch.manual_seed(seed)
    model = MLP(x.astype(np.float32), y.shape[1], hidden)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=1e-3)
    xt, yt = torch.tensor(x, dtype=torch.float32), torch.tensor(y, dtype=torch.float32)
    for _ in range(epochs):
        model.train()
        order = torch.randperm(len(xt))
        for i in range(0, len(xt), 256):
            b = order[i:i + 256]
            opt.zero_grad()
            ((model(xt[b]) - yt[b]) ** 2).mean().backward()
            opt.step()
    return model.eval()


def fluency_columns(utts):
    """Columns of the second-stage utterance vector the fluency MLP reads: the timing, pause, rate and prosody
    measures (features.ts UTTERANCE_TIMING) and the first stage's fluency output, none of the GOP measures.
    On folds 0-1 the timing measures alone gave fluency PCC 0.82 and a correlation with predicted accuracy of
    0.91; with the first stage's fluency 0.83 and 0.93 (the raters' own: 0.86). One MLP for all utterance
    outputs, as before, gave 0.997: fluency was pronunciation in disguise."""
    return list(utts[0]['utterance_timing']) + [utts[0]['x_utt'].shape[0] + UTT_OUTPUTS.index('fluency')]


def fit_stage2(utts, preds, seed, rows=None):
    """Word, utterance and fluency MLPs on first-stage predictions; `rows` restricts the utterances trained on."""
    xw, yw, xu, yu = stage2_data(utts, preds)
    word_rows, utt_rows = rows if rows is not None else (slice(None), slice(None))
    others = [i for i, k in enumerate(UTT_OUTPUTS) if k != 'fluency']
    cols = fluency_columns(utts)
    return (fit_mlp(xw[word_rows], yw[word_rows], *STAGE2['word'], seed),
            fit_mlp(xu[utt_rows], yu[utt_rows][:, others], *STAGE2['utterance'], seed + 1),
            fit_mlp(xu[utt_rows][:, cols], yu[utt_rows][:, [UTT_OUTPUTS.index('fluency')]], *STAGE2['fluency'], seed + 2))


def fit_stacked(utts, seed):
    """First stage on every utterance; second stage on the first stage's out-of-fold predictions."""
    oof = cross_predict(utts, seed + 1, sorted({u['fold'] for u in utts}), fit)
    return Exported(fit(utts, seed), *fit_stage2(utts, oof, seed + 2), fluency_columns(utts)).eval(), oof


def stacked_oof(utts, oof, seed):
    """Out-of-fold predictions of the whole two-stage model (for calibration): first-stage OOF predictions,
    second stage refitted without each fold and run on them."""
    word_fold = np.concatenate([[u['fold']] * int((~np.isnan(u['y_word'][:, 0])).sum()) for u in utts])
    utt_fold = np.array([u['fold'] for u in utts])
    out = [None] * len(utts)
    for k in sorted(set(utt_fold)):
        second = Exported(None, *fit_stage2(utts, oof, seed + 10 * k, (word_fold != k, utt_fold != k)), fluency_columns(utts)).eval()
        for i in np.flatnonzero(utt_fold == k):
            u, (pp, pw, pu) = utts[i], oof[i]
            with torch.no_grad():
                word, utt = second.second(*(torch.tensor(a) for a in (pp, pw, pu[None], u['pool'], u['x_word'], u['x_utt'][None])))
            out[i] = (pp, word.numpy(), utt.numpy()[0])
    return out


def fit_ensemble(utts, seed, with_oof=True):
    """MEMBERS two-stage models from different seeds, averaged, and (with_oof) the average of their stacked
    out-of-fold predictions, for calibration."""
    members, oofs = [], []
    for m in range(MEMBERS):
        member_seed = seed + MEMBER_SEED_STEP * m
        model, oof = fit_stacked(utts, member_seed)
        members.append(model)
        if with_oof:
            oofs.append(stacked_oof(utts, oof, member_seed + 50))
    average = [tuple(np.mean([o[i][j] for o in oofs], 0) for j in range(3)) for i in range(len(utts))] if with_oof else None
    return Averaged(members).eval(), average


def pairs(utts, preds):
    """Aligned (prediction, human) arrays for phones, words and utterances."""
    phone, word, utt = [], [], []
    for u, (pp, pw, pu) in zip(utts, preds):
        ok = ~np.isnan(u['y_phone'])
        phone += list(zip(pp[ok], u['y_phone'][ok]))
        okw = ~np.isnan(u['y_word'][:, 0]) & ~np.isnan(pw[:, 0])
        word += list(zip(pw[okw, 0], u['y_word'][okw, 0]))
        utt.append(np.concatenate([pu, u['y_utt']]))
    return np.array(phone), np.array(word), np.array(utt)


def stretch(pred, human, scale):
    """Linear map giving the predictions the raters' mean and spread, on 0..100 (two knots, extended by the engine)."""
    mp, sp, mh, sh = pred.mean(), pred.std(), human.mean(), human.std()
    x = [float(mp - 3 * sp), float(mp + 3 * sp)]
    return {'x': x, 'y': [float((mh + (v - mp) * sh / sp) * scale) for v in x]}


def apply_curve(curve, raw):
    """src/scoring/calibration.ts applyCurve: piecewise linear, end segments extended, clamped to 0..100."""
    x, y = curve['x'], curve['y']
    k = np.clip(np.searchsorted(x, raw), 1, len(x) - 1)
    x0, x1, y0, y1 = np.take(x, k - 1), np.take(x, k), np.take(y, k - 1), np.take(y, k)
    return np.clip(y0 + (raw - x0) * (y1 - y0) / (x1 - x0), 0, 100)


def word_curve(pred, human):
    """Stretch as above, then bend so that words the raters failed (< HUMAN_PASS) fail: the prediction threshold
    with the most recall among those whose precision is at least WORD_FAIL_PRECISION (the engine's stress weight
    fails a few more words) lands on the spec's pass mark."""
    (x0, x1), (y0, y1) = stretch(pred, human, 10).values()
    lin = lambda v: y0 + (v - x0) * (y1 - y0) / (x1 - x0)
    fail = human < HUMAN_PASS
    best, best_recall = float(np.quantile(pred, 0.2)), -1
    for t in np.quantile(pred, np.linspace(0.02, 0.6, 117)):
        flagged = pred < t
        tp = (flagged & fail).sum()
        recall, precision = tp / max(1, fail.sum()), tp / max(1, flagged.sum())
        if precision >= WORD_FAIL_PRECISION and recall > best_recall:
            best, best_recall = float(t), recall
    lo, hi = float(pred.min()) - 1, float(pred.max()) + 1
    ylo, yhi = min(lin(lo), SERVICE_PASS - 1), max(lin(hi), SERVICE_PASS + 1)
    return {'x': [lo, best, hi], 'y': [float(ylo), SERVICE_PASS, float(yhi)]}


def calibrate(utts, preds):
    p, w, t = pairs(utts, preds)
    word = word_curve(w[:, 0], w[:, 1])
    # The overall pronunciation gets the raters' utterance spread but the level of the word scores shown beside
    # it: the raters' own utterance scores sit about 1 point of 10 below their word scores, which a learner
    # would read as a contradiction.
    word_level = float(np.mean([apply_curve(word, pw[:, 0]).mean() for _, pw, _ in preds]))
    utterance = stretch(t[:, 0], t[:, 5], 10)
    shift = word_level - float(np.mean(apply_curve(utterance, t[:, 0])))
    utterance['y'] = [y + shift for y in utterance['y']]
    # Incompleteness evidence: predicted completeness and accuracy, each standardised over complete readings;
    # the flag fires below the FALSE_INCOMPLETE quantile of complete readings' evidence.
    complete = t[:, 9] >= 10
    signals = t[:, [4, 0]]
    mean, std = signals[complete].mean(0), signals[complete].std(0)
    evidence = ((signals - mean) / std).sum(1)
    return {
        'phone': stretch(p[:, 0], p[:, 1], 50),
        'word': word,
        'utterance_accuracy': utterance,
        'utterance_fluency': stretch(t[:, 1], t[:, 6], 10),
        'incomplete': {'mean': mean.tolist(), 'std': std.tolist(), 'below': float(np.quantile(evidence[complete], FALSE_INCOMPLETE))},
        'missing_word_below': MISSING_WORD_BELOW,
    }


def export(model, calibration, dims, directory, note):
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, 'head.onnx')
    example = (torch.zeros(7, dims['phone']), torch.zeros(3, dims['word']), torch.full((3, 7), 1 / 3), torch.zeros(1, dims['utterance']))
    torch.onnx.export(model, example, path, input_names=['phones', 'words', 'pool', 'utterance'],
                      output_names=['phone_scores', 'word_scores', 'utterance_scores'],
                      dynamic_axes={'phones': {0: 'T'}, 'words': {0: 'W'}, 'pool': {0: 'W', 1: 'T'}, 'phone_scores': {0: 'T'}, 'word_scores': {0: 'W'}},
                      opset_version=14)
    manifest = {
        'name': 'oralis-scoring-head',
        'trained_by': 'scripts/train-head.py',
        'data': 'speechocean762 train split (CC BY 4.0, Zhang et al., Interspeech 2021), phone labels revised 2026-11-21',
        'trained_on': note,
        'files': {'head.onnx': hashlib.sha256(open(path, 'rb').read()).hexdigest()},
        'input_dims': dims,
        'phone_layout': 'portable' if PORTABLE else 'inventory',
        'outputs': {'phone': ['score 0..2'], 'word': ['accuracy', 'stress', 'total'], 'utterance': UTT_OUTPUTS},
        'calibration': calibration,
        'settings': {**SETTINGS, 'members': MEMBERS},
        'seed': SEED,
    }
    with open(os.path.join(directory, 'manifest.json'), 'w') as f:
        json.dump(manifest, f, indent=1)
        f.write('\n')
    for stale in ['phone.onnx', 'word.onnx', 'utterance.onnx']:
        if os.path.exists(os.path.join(directory, stale)):
            os.remove(os.path.join(directory, stale))


def pearson(a, b):
    return float(np.corrcoef(a, b)[0, 1])


def train_task(task):
    """One independent piece of work: an outer CV fold (train without it, export, predict it) or the shipped head."""
    utts = load(FEATURES)
    dims = {'phone': int(utts[0]['x_phone'].shape[1]), 'word': int(utts[0]['x_word'].shape[1]), 'utterance': int(utts[0]['x_utt'].shape[0])}
    if task == 'head':
        model, oof = fit_ensemble(utts, SEED + 1000)
        export(model, calibrate(utts, oof), dims, os.path.join(OUT, 'head'), 'every speaker of the train split')
        return task, None
    train = [u for u in utts if u['fold'] != task]
    # Nested: fold k's calibration from out-of-fold predictions over the other folds only.
    keep = not QUICK and not PORTABLE
    model, oof = fit_ensemble(train, SEED + 100 * task, with_oof=keep)
    if keep:
        export(model, calibrate(train, oof), dims, os.path.join(OUT, 'cv', f'fold-{task}'), f'every speaker outside fold {task}')
    return task, predict(model, [u for u in utts if u['fold'] == task])


def main():
    utts = load(FEATURES)
    print(f'{len(utts)} utterances, {sum(len(u["x_phone"]) for u in utts)} phones', flush=True)
    # --quick: folds 0 and 1 only, nothing written (for trying settings).
    tasks = [0, 1] if QUICK else list(range(FOLDS)) + ['head']
    cv_preds = [None] * len(utts)
    with multiprocessing.get_context('spawn').Pool(JOBS) as pool:
        for task, preds in pool.imap_unordered(train_task, tasks):
            print(f'{task} done', flush=True)
            if preds is not None:
                for i, pred in zip([i for i, u in enumerate(utts) if u['fold'] == task], preds):
                    cv_preds[i] = pred
    tested = [i for i, p in enumerate(cv_preds) if p is not None]
    p, w, t = pairs([utts[i] for i in tested], [cv_preds[i] for i in tested])
    figures = {'phone': pearson(p[:, 0], p[:, 1]), 'word_accuracy': pearson(w[:, 0], w[:, 1]), 'utterance_accuracy': pearson(t[:, 0], t[:, 5]),
               'fluency': pearson(t[:, 1], t[:, 6]), 'completeness': pearson(t[:, 4], t[:, 9]), 'accuracy_vs_fluency': pearson(t[:, 0], t[:, 1])}
    print('CV PCC (training script\'s own check): ' + ', '.join(f'{k} {v:.3f}' for k, v in figures.items()), flush=True)
    if PORTABLE and not QUICK:
        with open(os.path.join(ROOT, 'reports', 'portable-head-cv.json'), 'w') as f:
            json.dump({'protocol': f'{FOLDS}-fold speaker-disjoint CV on {FEATURES_NAME}, Pearson with the raters', 'utterances': len(tested),
                       'pcc': {k: round(v, 3) for k, v in figures.items()}}, f, indent=1)
            f.write('\n')
        print('wrote models/portable/head and reports/portable-head-cv.json')
    elif not QUICK:
        print('wrote models/en-us/head and models/en-us/cv')


if __name__ == '__main__':
    main()
