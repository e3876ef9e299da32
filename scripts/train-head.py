#!/usr/bin/python3
"""Trains Oralis' scoring head on speechocean762 and writes it as ONNX.

  npm run eval:features -- --data ../shared/data/so762-train   # -> reports/so762-features.jsonl
  npm run train:head                                           # this script

Run with Debian's /usr/bin/python3 (python3-torch, python3-onnx, python3-numpy).

Three small MLPs read the vectors of src/scoring/features.ts:
  phone.onnx      phone vector            -> phone score 0..2
  word.onnx       word vector             -> word accuracy, stress, total 0..10
  utterance.onnx  utterance vector        -> utterance accuracy, fluency, prosodic, total 0..10
The word and utterance vectors end with statistics of the phone head's
predictions (PRED parts below, computed exactly as features.ts does). While
training, those come from out-of-fold phone predictions, so the word and
utterance heads learn from phone scores as noisy as the ones they will see.

Outputs (all deterministic: fixed seeds, one thread):
  models/en-us/head/         trained on every speaker; what the engine ships
  models/en-us/cv/fold-<k>/  trained without fold k's speakers; `npm run eval:cv`
                             scores fold k with it (speaker-disjoint CV)
It also prints its own cross-validated correlations as a cross-check of eval:cv.
"""
import hashlib
import json
import os
import sys

import numpy as np
import torch
from torch import nn

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
FEATURES = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, 'reports', 'so762-features.jsonl')
OUT = os.path.join(ROOT, 'models', 'en-us')
FOLDS = 5
WORD_BASE, WORD_PRED = 13, 4
UTT_BASE, UTT_PRED = 16, 6
SEED = 762

# name: (hidden width, epochs, learning rate, weight decay)
SETTINGS = {'phone': (128, 30, 1e-3, 1e-4), 'word': (64, 40, 1e-3, 1e-4), 'utterance': (32, 300, 1e-3, 1e-3)}

torch.set_num_threads(1)


def load(path):
    utts = []
    for line in open(path):
        u = json.loads(line)
        if 'error' in u:
            continue
        n_words = len(u['words'])
        u['phone'] = np.array(u['phone'], dtype=np.float32).reshape(sum(len(w['phones']) for w in u['words']), -1)
        u['word'] = np.array(u['word'], dtype=np.float32).reshape(n_words, -1)[:, :WORD_BASE]
        u['utterance'] = np.array(u['utterance'], dtype=np.float32)[:UTT_BASE]
        starts = np.cumsum([0] + [len(w['phones']) for w in u['words']])
        u['word_slices'] = [(starts[i], starts[i + 1]) for i in range(n_words)]
        utts.append(u)
    return utts


def phone_targets(utts):
    """Rows of paired phones: (utterance index, phone row within utterance, human score)."""
    rows = []
    for ui, u in enumerate(utts):
        for pair in u['pairs']:
            first = u['word_slices'][pair['ours']][0]
            for a, b in pair['phones']:
                rows.append((ui, first + a, u['label']['words'][pair['label']]['phone_scores'][b]))
    return rows


def word_vectors(u, preds):
    """features.ts wordFeatures: base, then mean/min/max of the word's phone predictions and the utterance mean."""
    stats = [[preds[a:b].mean(), preds[a:b].min(), preds[a:b].max(), preds.mean()] for a, b in u['word_slices']]
    return np.concatenate([u['word'], np.array(stats, dtype=np.float32)], axis=1)


def utterance_vector(u, preds):
    """features.ts utteranceFeatures: base, then mean/min/max/std, share below 1 and below 1.5."""
    stats = [preds.mean(), preds.min(), preds.max(), preds.std(), (preds < 1).mean(), (preds < 1.5).mean()]
    return np.concatenate([u['utterance'], np.array(stats, dtype=np.float32)])


class Head(nn.Module):
    """Standardisation baked in, two hidden ReLU layers, linear outputs."""

    def __init__(self, mean, std, outputs, hidden):
        super().__init__()
        self.register_buffer('mean', torch.tensor(mean))
        self.register_buffer('scale', torch.tensor(1.0 / std))
        self.net = nn.Sequential(nn.Linear(len(mean), hidden), nn.ReLU(), nn.Dropout(0.2),
                                 nn.Linear(hidden, hidden), nn.ReLU(), nn.Dropout(0.2), nn.Linear(hidden, outputs))

    def forward(self, x):
        return self.net((x - self.mean) * self.scale)


def fit(x, y, name, seed):
    hidden, epochs, lr, decay = SETTINGS[name]
    torch.manual_seed(seed)
    mean = x.mean(0)
    std = x.std(0) + 1e-4
    model = Head(mean.astype(np.float32), std.astype(np.float32), y.shape[1], hidden)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=decay)
    xt, yt = torch.tensor(x), torch.tensor(y, dtype=torch.float32)
    for _ in range(epochs):
        model.train()
        order = torch.randperm(len(xt))
        for i in range(0, len(xt), 256):
            batch = order[i:i + 256]
            opt.zero_grad()
            loss = ((model(xt[batch]) - yt[batch]) ** 2).mean()
            loss.backward()
            opt.step()
    model.eval()
    return model


def predict(model, x):
    with torch.no_grad():
        return model(torch.tensor(x)).numpy()


def fit_phone(utts, seed):
    rows = phone_targets(utts)
    x = np.stack([utts[ui]['phone'][pi] for ui, pi, _ in rows])
    y = np.array([[s] for _, _, s in rows], dtype=np.float32)
    return fit(x, y, 'phone', seed)


def phone_predictions(model, utts):
    return [predict(model, u['phone'])[:, 0] for u in utts]


def fit_heads(utts, seed):
    """Phone head on all of `utts`; word and utterance heads on out-of-fold phone predictions."""
    phone = fit_phone(utts, seed)
    oof = [None] * len(utts)
    for k in sorted({u['fold'] for u in utts}):
        inner = [u for u in utts if u['fold'] != k]
        model = fit_phone(inner, seed + 1 + k)
        for i, u in enumerate(utts):
            if u['fold'] == k:
                oof[i] = predict(model, u['phone'])[:, 0]
    xw, yw, xu, yu = [], [], [], []
    for u, preds in zip(utts, oof):
        vectors = word_vectors(u, preds)
        for pair in u['pairs']:
            lw = u['label']['words'][pair['label']]
            xw.append(vectors[pair['ours']])
            yw.append([lw['accuracy'], lw['stress'], lw['total']])
        xu.append(utterance_vector(u, preds))
        lab = u['label']
        yu.append([lab['accuracy'], lab['fluency'], lab['prosodic'], lab['total']])
    word = fit(np.stack(xw), np.array(yw, dtype=np.float32), 'word', seed + 10)
    utterance = fit(np.stack(xu), np.array(yu, dtype=np.float32), 'utterance', seed + 20)
    return phone, word, utterance


def export(heads, dims, directory, note):
    os.makedirs(directory, exist_ok=True)
    files = {}
    for name, model in zip(['phone', 'word', 'utterance'], heads):
        path = os.path.join(directory, f'{name}.onnx')
        torch.onnx.export(model, torch.zeros(1, dims[name]), path, input_names=['x'], output_names=['y'],
                          dynamic_axes={'x': {0: 'rows'}, 'y': {0: 'rows'}}, opset_version=13)
        files[f'{name}.onnx'] = hashlib.sha256(open(path, 'rb').read()).hexdigest()
    manifest = {
        'name': 'oralis-scoring-head',
        'trained_by': 'scripts/train-head.py',
        'data': 'speechocean762 train split (CC BY 4.0, Zhang et al., Interspeech 2021)',
        'trained_on': note,
        'files': files,
        'input_dims': dims,
        'outputs': {'phone': ['score 0..2'], 'word': ['accuracy', 'stress', 'total'],
                    'utterance': ['accuracy', 'fluency', 'prosodic', 'total']},
        'settings': {k: dict(zip(['hidden', 'epochs', 'learning_rate', 'weight_decay'], v)) for k, v in SETTINGS.items()},
        'seed': SEED,
    }
    with open(os.path.join(directory, 'manifest.json'), 'w') as f:
        json.dump(manifest, f, indent=1)
        f.write('\n')


def pearson(a, b):
    return float(np.corrcoef(a, b)[0, 1])


def main():
    utts = load(FEATURES)
    dims = {'phone': int(utts[0]['phone'].shape[1]), 'word': WORD_BASE + WORD_PRED, 'utterance': UTT_BASE + UTT_PRED}
    print(f'{len(utts)} utterances, {sum(len(u["phone"]) for u in utts)} phones', flush=True)

    # Cross-validation: fold k scored by heads trained on the other folds.
    phone_pairs, word_pairs, utt_pairs = [], [], []
    for k in range(FOLDS):
        train = [u for u in utts if u['fold'] != k]
        test = [u for u in utts if u['fold'] == k]
        heads = fit_heads(train, SEED + 100 * k)
        export(heads, dims, os.path.join(OUT, 'cv', f'fold-{k}'), f'every speaker outside fold {k}')
        for u, preds in zip(test, phone_predictions(heads[0], test)):
            for pair in u['pairs']:
                first = u['word_slices'][pair['ours']][0]
                lw = u['label']['words'][pair['label']]
                phone_pairs += [(preds[first + a], lw['phone_scores'][b]) for a, b in pair['phones']]
            words = predict(heads[1], word_vectors(u, preds))
            word_pairs += [(words[p['ours'], 0], u['label']['words'][p['label']]['accuracy']) for p in u['pairs']]
            utt = predict(heads[2], utterance_vector(u, preds)[None])[0]
            utt_pairs.append((utt[0], u['label']['accuracy'], utt[1], u['label']['fluency']))
        print(f'fold {k} done', flush=True)
    p, w, t = np.array(phone_pairs), np.array(word_pairs), np.array(utt_pairs)
    print(f'CV PCC (training script\'s own check): phone {pearson(p[:, 0], p[:, 1]):.3f}, word accuracy '
          f'{pearson(w[:, 0], w[:, 1]):.3f}, utterance accuracy {pearson(t[:, 0], t[:, 1]):.3f}, '
          f'fluency {pearson(t[:, 2], t[:, 3]):.3f}')

    export(fit_heads(utts, SEED), dims, os.path.join(OUT, 'head'), 'every speaker of the train split')
    print('wrote models/en-us/head and models/en-us/cv')


if __name__ == '__main__':
    main()
