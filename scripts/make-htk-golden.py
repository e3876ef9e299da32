#!/usr/bin/python3
"""Regenerates test/fixtures/htk-frontend-golden.json: MFCC_0_D_N_Z vectors of
examples/we-call-it-bear.wav under the SPPAS French models' HTK config,
computed here in NumPy straight from the HTK Book (3.4) section 5.6 formulas
and HSigP's filterbank definition, in float64: a reference written apart from
src/acoustic/htk/front-end.ts, which the unit test compares with it.

Usage: /usr/bin/python3 scripts/make-htk-golden.py
"""
import json
import wave
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
AUDIO = ROOT / 'examples' / 'we-call-it-bear.wav'
OUT = ROOT / 'test' / 'fixtures' / 'htk-frontend-golden.json'
# fra-triphone/config: TARGETKIND MFCC_0_D_N_Z, WINDOWSIZE 25 ms, TARGETRATE 10 ms,
# PREEMCOEF 0.97, NUMCHANS 26, CEPLIFTER 22, NUMCEPS 12; HTK defaults otherwise.
CONFIG = dict(sample_rate=16000, window_samples=400, shift_samples=160, preemphasis=0.97, channels=26, cepstra=12, lifter=22, delta_window=2)


def read_pcm16(path):
    with wave.open(str(path)) as w:
        assert w.getsampwidth() == 2 and w.getnchannels() == 1 and w.getframerate() == 16000
        return np.frombuffer(w.readframes(w.getnframes()), dtype='<i2').astype(np.float64)


def mel(f):
    return 1127.0 * np.log(1.0 + f / 700.0)


def features(x, c):
    n, shift, nch, ncep = c['window_samples'], c['shift_samples'], c['channels'], c['cepstra']
    frames = 1 + (len(x) - n) // shift
    fft_n = 1 << (n - 1).bit_length()
    idx = np.arange(frames)[:, None] * shift + np.arange(n)[None, :]
    s = x[idx]
    # HTK PreEmphasise, within each frame.
    s = np.concatenate([s[:, :1] * (1 - c['preemphasis']), s[:, 1:] - c['preemphasis'] * s[:, :-1]], axis=1)
    s = s * (0.54 - 0.46 * np.cos(2 * np.pi * np.arange(n) / (n - 1)))
    mag = np.abs(np.fft.rfft(s, fft_n))
    # Triangular filters with edges equally spaced in mel from 0 Hz to Nyquist, applied to bins 1..fft_n/2-1.
    edges = np.arange(nch + 2) * mel(c['sample_rate'] / 2) / (nch + 1)
    bins = np.arange(1, fft_n // 2)
    m = mel(bins * c['sample_rate'] / fft_n)
    weights = np.zeros((nch, fft_n // 2 + 1))
    for j in range(nch):
        lo, mid, hi = edges[j], edges[j + 1], edges[j + 2]
        rising = (m >= lo) & (m <= mid)
        falling = (m > mid) & (m <= hi)
        weights[j, bins[rising]] = (m[rising] - lo) / (mid - lo)
        weights[j, bins[falling]] = (hi - m[falling]) / (hi - mid)
    fbank = np.log(np.maximum(mag @ weights.T, 1.0))
    i = np.arange(ncep + 1)[:, None]
    dct = np.sqrt(2.0 / nch) * np.cos(np.pi * i / nch * (np.arange(nch)[None, :] + 0.5))
    cep = fbank @ dct.T
    lift = 1 + c['lifter'] / 2 * np.sin(np.pi * np.arange(1, ncep + 1) / c['lifter'])
    statics = np.concatenate([cep[:, 1:] * lift, cep[:, :1]], axis=1)
    statics -= statics.mean(axis=0)
    padded = np.concatenate([np.repeat(statics[:1], c['delta_window'], 0), statics, np.repeat(statics[-1:], c['delta_window'], 0)])
    w = c['delta_window']
    deltas = sum(t * (padded[w + t:w + t + frames] - padded[w - t:w - t + frames]) for t in range(1, w + 1)) / (2 * sum(t * t for t in range(1, w + 1)))
    return np.concatenate([statics[:, :ncep], deltas], axis=1)


def main():
    feats = features(read_pcm16(AUDIO), CONFIG)
    OUT.write_text(json.dumps({
        'audio': 'examples/we-call-it-bear.wav',
        'config': CONFIG,
        'frames': len(feats),
        # Every tenth frame keeps the fixture small while covering silence and speech.
        'every': 10,
        'vectors': [[round(float(v), 5) for v in row] for row in feats[::10]],
    }, indent=None) + '\n')
    print(f'{OUT.relative_to(ROOT)}: {len(feats)} frames, {feats.shape[1]} coefficients')


if __name__ == '__main__':
    main()
