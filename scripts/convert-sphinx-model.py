#!/usr/bin/python3
"""Converts a CMU Sphinx PTM acoustic model into the files under models/<folder>/
(run with Debian's /usr/bin/python3; needs python3-onnx, python3-numpy and, for
a binary mdef, pocketsphinx's `pocketsphinx_mdef_convert`):

  convert-sphinx-model.py en-us   the generic US English model (Debian pocketsphinx-en-us)
  convert-sphinx-model.py es      the Spanish model cmusphinx-es-5.2 (../shared/models-src/es-sphinx, GPL-3.0+)

Each writes:

  acoustic.onnx  features [T, 39] + codebooks [C] + slots [C, J]  ->  loglik [C, T, J]
                 slots[c] lists senones of codebook codebooks[c] (padded with
                 any senone); loglik[c, t, j] is the natural-log likelihood of
                 senone slots[c, j] in frame t, all 128 densities of the GMM
                 summed exactly (pocketsphinx itself keeps the top 4). Grouping
                 senones by codebook turns the mixture sums into one batched
                 MatMul instead of a [T, K, 128] gather.
  hmm.bin        little-endian uint16: a dense triphone table
                 [base][left][right][position] -> senone-sequence id
                 (0xFFFF where the model has no such triphone), then the
                 senone sequences [n_sseq][3]
  manifest.json  sources, sha256s, feature spec, topology, transition matrices
  golden.json    a few frames scored directly from the source files in float64,
                 so tests can check the ONNX graph against an independent path

Running it twice gives byte-identical files.
"""
import hashlib
import json
import math
import os
import struct
import subprocess
import sys
import tempfile

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

REPO = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
SHARED = os.path.join(REPO, '..', 'shared')
# What differs between the models: where the source is, where the output goes, what the manifest says.
MODELS = {
    'en-us': {
        'src': '/usr/share/pocketsphinx/model/en-us/en-us',
        'golden': 'acoustic-golden.json',
        'name': 'cmusphinx-en-us-ptm',
        'description': 'CMU Sphinx generic US English acoustic model (PTM, 5126 senones), converted to ONNX',
        'source': {'debian_package': 'pocketsphinx-en-us 0.8+5prealpha+1-15'},
        'spdx': 'BSD-2-Clause',
        'licence': 'BSD-2-Clause (Alpha Cephei Inc.; Carnegie Mellon University), see LICENSE',
    },
    'es': {
        'src': os.path.join(SHARED, 'models-src', 'es-sphinx', 'acoustic_model'),
        'golden': 'acoustic-golden-es.json',
        'name': 'cmusphinx-es-5.2-ptm',
        'description': 'CMU Sphinx Spanish acoustic model cmusphinx-es-5.2 (PTM, 4078 senones, trained on VoxForge Spanish), converted to ONNX',
        'source': {'url': 'https://sourceforge.net/projects/cmusphinx/files/Acoustic%20and%20Language%20Models/Spanish/',
                   'release': 'cmusphinx-es-5.2'},
        'spdx': 'GPL-3.0-or-later',
        'licence': 'GPL-3.0-or-later, see LICENSE',
        # The upstream notice, then the licence text it refers to (Debian's copy).
        'licence_files': [os.path.join(SHARED, 'models-src', 'es-sphinx', 'LICENSE'), '/usr/share/common-licenses/GPL-3'],
    },
}
FOLDER = sys.argv[1] if len(sys.argv) > 1 else 'en-us'
MODEL = MODELS[FOLDER]
SRC = MODEL['src']
OUT = os.path.join(REPO, 'models', FOLDER)
POSITIONS = ['b', 'e', 'i', 's']  # word-begin, word-end, word-internal, single-phone word
VARFLOOR = 1e-4  # pocketsphinx's -varfloor default
# sendump stores -log(w) in base 1.0001, shifted right by 10 bits (pocketsphinx SENSCR_SHIFT)
MIXW_LN_STEP = 1024 * math.log(1.0001)


# sphinxbase's front-end defaults, for what a model's feat.params leaves out.
FE_DEFAULTS = {'-samprate': '16000', '-frate': '100', '-wlen': '0.025625', '-nfft': '512', '-alpha': '0.97',
               '-ncep': '13', '-nfilt': '40', '-lowerf': '133.33334', '-upperf': '6855.4976',
               '-transform': 'legacy', '-lifter': '0', '-feat': '1s_c_d_dd', '-cmn': 'batch'}


def number(text):
    value = float(text)
    return int(value) if value.is_integer() else value


def read_front_end(path):
    """The model's feat.params as the manifest's `features` (what the engine's Sphinx front end reads)."""
    params = dict(FE_DEFAULTS)
    for line in open(path):
        parts = line.split()
        if len(parts) == 2:
            params[parts[0]] = parts[1]
    ncep = int(params['-ncep'])
    streams = [[int(a) for a in r.split('-')] for r in params['-svspec'].split('/')] if '-svspec' in params else [[0, 3 * ncep - 1]]
    return {
        'sample_rate': number(params['-samprate']), 'frame_rate': number(params['-frate']),
        'window_length_s': number(params['-wlen']), 'fft_size': number(params['-nfft']),
        'preemphasis': number(params['-alpha']), 'window': 'hamming', 'filters': number(params['-nfilt']),
        'lower_hz': number(params['-lowerf']), 'upper_hz': number(params['-upperf']),
        'transform': params['-transform'], 'lifter': number(params['-lifter']), 'cepstra': ncep,
        'feature': params['-feat'], 'cmn': params['-cmn'], 'streams': streams,
    }


def read_noisedict(path):
    """Filler word -> filler phone, in the file's order."""
    return dict(line.split() for line in open(path) if line.strip())


def s3_read(path):
    """Sphinx-3 binary: text header up to 'endhdr\\n', byte-order magic, then int32 dims and float32 data."""
    data = open(path, 'rb').read()
    end = data.index(b'endhdr\n') + len(b'endhdr\n')
    header = data[:end].decode()
    magic = struct.unpack_from('<I', data, end)[0]
    assert magic == 0x11223344, 'only little-endian model files are supported'
    return header, data, end + 4


def read_gauden(path):
    _, data, off = s3_read(path)
    n_mgau, n_feat, n_density = struct.unpack_from('<3i', data, off)
    off += 12
    veclen = struct.unpack_from(f'<{n_feat}i', data, off)
    off += 4 * n_feat
    (total,) = struct.unpack_from('<i', data, off)
    off += 4
    values = np.frombuffer(data, dtype='<f4', count=total, offset=off).astype(np.float64)
    assert total == n_mgau * n_density * sum(veclen)
    # Layout: [mgau][feat][density][veclen[feat]]
    assert len(set(veclen)) == 1
    return values.reshape(n_mgau, n_feat, n_density, veclen[0]), veclen[0]


def read_tmat(path):
    _, data, off = s3_read(path)
    n_tmat, n_src, n_dst, total = struct.unpack_from('<4i', data, off)
    off += 16
    values = np.frombuffer(data, dtype='<f4', count=total, offset=off).astype(np.float64)
    return values.reshape(n_tmat, n_src, n_dst)


def read_sendump(path, n_feat, n_density):
    data = open(path, 'rb').read()
    off = 0
    strings = []
    while True:
        (n,) = struct.unpack_from('<i', data, off)
        off += 4
        if n == 0:
            break
        strings.append(data[off:off + n - 1].decode())
        off += n
    assert not any(s.startswith('cluster_count') and s != 'cluster_count 0' for s in strings)
    rows, cols = struct.unpack_from('<2i', data, off)
    off += 8
    assert rows == n_density
    mixw = np.frombuffer(data, dtype=np.uint8, count=n_feat * rows * cols, offset=off)
    # Layout: [feat][density][senone] -> [feat][senone][density]
    return np.ascontiguousarray(mixw.reshape(n_feat, rows, cols).transpose(0, 2, 1))


def read_mdef(path):
    if open(path, 'rb').read(4) == b'0.3\n':  # already the text format
        lines = open(path).read().split('\n')
    else:
        with tempfile.TemporaryDirectory() as tmp:
            text = os.path.join(tmp, 'mdef.txt')
            subprocess.run(['pocketsphinx_mdef_convert', '-text', path, text], check=True, capture_output=True)
            lines = open(text).read().split('\n')
    rows = [l.split() for l in lines if l and not l.startswith('#')]
    counts = {r[1]: int(r[0]) for r in rows[1:7]}
    phones = [r for r in rows[7:] if len(r) >= 10]
    ci = [r[0] for r in phones[:counts['n_base']]]
    return counts, ci, phones


def main():
    counts, ci, phones = read_mdef(f'{SRC}/mdef')
    n_ci = len(ci)
    means, veclen = read_gauden(f'{SRC}/means')
    variances, _ = read_gauden(f'{SRC}/variances')
    variances = np.maximum(variances, VARFLOOR)
    n_mgau, n_feat, n_density, _ = means.shape
    assert n_mgau == n_ci, 'PTM: one codebook per CI phone'
    tmat = read_tmat(f'{SRC}/transition_matrices')
    mixw = read_sendump(f'{SRC}/sendump', n_feat, n_density)
    n_sen = mixw.shape[1]
    assert n_sen == counts['n_tied_state']

    # Senone sequences and the senone -> codebook (base phone) map.
    sseq_ids = {}
    sseq = []
    sen2cb = np.full(n_sen, -1, dtype=np.int64)
    table = np.full((n_ci, n_ci, n_ci, len(POSITIONS)), 0xFFFF, dtype=np.uint16)
    tmat_of = [0] * n_ci
    index = {p: i for i, p in enumerate(ci)}
    for r in phones:
        base, left, right, pos, _attr, tm = r[:6]
        states = tuple(int(s) for s in r[6:9])
        if states not in sseq_ids:
            sseq_ids[states] = len(sseq)
            sseq.append(states)
        b = index[base]
        for s in states:
            assert sen2cb[s] in (-1, b)
            sen2cb[s] = b
        if left == '-':
            tmat_of[b] = int(tm)
            continue
        table[b, index[left], index[right], POSITIONS.index(pos)] = sseq_ids[states]
    ci_sseq = [sseq_ids[tuple(int(s) for s in r[6:9])] for r in phones[:n_ci]]
    assert (sen2cb >= 0).all()

    os.makedirs(OUT, exist_ok=True)
    write_onnx(means, variances, mixw, veclen)
    with open(f'{OUT}/hmm.bin', 'wb') as f:
        f.write(table.astype('<u2').tobytes())
        f.write(np.array(sseq, dtype='<u2').tobytes())

    # Transition matrices as natural logs; -Infinity (no transition) is written as null.
    log_tmat = [[[None if p <= 0 else round(math.log(p), 6) for p in row] for row in m] for m in tmat]

    write_golden(means, variances, mixw, sen2cb)
    if 'licence_files' in MODEL:
        with open(f'{OUT}/LICENSE', 'w') as f:
            notices = [open(path).read().strip() for path in MODEL['licence_files']]
            f.write('\n\n'.join([f"The files in models/{FOLDER}/ are converted from {MODEL['name']}, licensed as follows.", *notices]) + '\n')
    sources = {name: sha256(f'{SRC}/{name}') for name in
               ['mdef', 'means', 'variances', 'sendump', 'transition_matrices', 'feat.params', 'noisedict']}
    manifest = {
        'kind': 'sphinx-ptm',
        # The build tools ship copyleft and non-commercial folders only when asked (vite.config.ts, package.json).
        'spdx': MODEL['spdx'],
        'name': MODEL['name'],
        'description': MODEL['description'],
        'source': {
            **MODEL['source'],
            'path': os.path.relpath(SRC, REPO) if SRC.startswith(SHARED) else SRC,
            'licence': MODEL['licence'],
            'sha256': sources,
        },
        'converter': 'scripts/convert-sphinx-model.py',
        'files': {name: sha256(f'{OUT}/{name}') for name in ['acoustic.onnx', 'hmm.bin']},
        'features': read_front_end(f'{SRC}/feat.params'),
        'topology': {
            'ci_phones': ci, 'silence': 'SIL', 'positions': POSITIONS, 'emitting_states': 3,
            'n_senones': n_sen, 'n_sseq': len(sseq), 'ci_sseq': ci_sseq, 'tmat_of_ci': tmat_of,
        },
        'log_transitions': log_tmat,
        'noisedict': read_noisedict(f'{SRC}/noisedict'),
    }
    with open(f'{OUT}/manifest.json', 'w') as f:
        json.dump(manifest, f, indent=1)
        f.write('\n')


def write_onnx(means, variances, mixw, veclen):
    n_mgau, n_feat, n_density, _ = means.shape
    inits = [
        numpy_helper.from_array(np.array([-MIXW_LN_STEP], dtype=np.float32), 'mixw_step'),
        numpy_helper.from_array(np.array([-1, n_mgau, n_density], dtype=np.int64), 'cb_shape'),
    ]
    nodes = []
    partials = []
    for f in range(n_feat):
        inv = 1.0 / variances[:, f]  # [mgau, density, dim]
        mu = means[:, f]
        # log N(x) = x^2 . (-inv/2) + x . (mu inv) + const; one MatMul over [x^2, x].
        a = np.concatenate([(-0.5 * inv), mu * inv], axis=2).reshape(n_mgau * n_density, 2 * veclen).T
        const = -0.5 * ((mu * mu * inv).sum(axis=2) + np.log(2 * math.pi * variances[:, f]).sum(axis=2))
        p = f'f{f}_'
        inits += [
            numpy_helper.from_array(a.astype(np.float32), p + 'A'),
            numpy_helper.from_array(const.reshape(-1).astype(np.float32), p + 'c'),
            numpy_helper.from_array(mixw[f], p + 'mixw'),
            numpy_helper.from_array(np.array([f * veclen], dtype=np.int64), p + 'lo'),
            numpy_helper.from_array(np.array([(f + 1) * veclen], dtype=np.int64), p + 'hi'),
            numpy_helper.from_array(np.array([1], dtype=np.int64), p + 'ax'),
        ]
        nodes += [
            helper.make_node('Slice', ['features', p + 'lo', p + 'hi', p + 'ax'], [p + 'x']),
            helper.make_node('Mul', [p + 'x', p + 'x'], [p + 'xx']),
            helper.make_node('Concat', [p + 'xx', p + 'x'], [p + 'x2'], axis=1),
            helper.make_node('MatMul', [p + 'x2', p + 'A'], [p + 'g0']),
            helper.make_node('Add', [p + 'g0', p + 'c'], [p + 'g1']),
            helper.make_node('Reshape', [p + 'g1', 'cb_shape'], [p + 'g']),
            helper.make_node('Gather', [p + 'g', 'codebooks'], [p + 'gc'], axis=1),
            # Densities relative to each codebook's best, so the exp cannot underflow to all zeros.
            helper.make_node('ReduceMax', [p + 'gc'], [p + 'm'], axes=[2], keepdims=1),
            helper.make_node('Sub', [p + 'gc', p + 'm'], [p + 'gd']),
            helper.make_node('Exp', [p + 'gd'], [p + 'pd']),
            helper.make_node('Transpose', [p + 'pd'], [p + 'pdc'], perm=[1, 0, 2]),  # [C, T, 128]
            helper.make_node('Gather', [p + 'mixw', 'slots'], [p + 'wq'], axis=0),  # [C, J, 128]
            helper.make_node('Cast', [p + 'wq'], [p + 'wf'], to=TensorProto.FLOAT),
            helper.make_node('Mul', [p + 'wf', 'mixw_step'], [p + 'wl']),
            helper.make_node('Exp', [p + 'wl'], [p + 'w']),
            helper.make_node('Transpose', [p + 'w'], [p + 'wc'], perm=[0, 2, 1]),  # [C, 128, J]
            helper.make_node('MatMul', [p + 'pdc', p + 'wc'], [p + 's']),  # [C, T, J]
            helper.make_node('Log', [p + 's'], [p + 'ls']),
            helper.make_node('Transpose', [p + 'm'], [p + 'mc'], perm=[1, 0, 2]),  # [C, T, 1]
            helper.make_node('Add', [p + 'ls', p + 'mc'], [p + 'll']),
        ]
        partials.append(p + 'll')
    nodes += [
        helper.make_node('Add', partials[:2], ['ll01']),
        helper.make_node('Add', ['ll01', partials[2]], ['loglik']),
    ]
    graph = helper.make_graph(
        nodes, 'sphinx_ptm_senone_loglik',
        [helper.make_tensor_value_info('features', TensorProto.FLOAT, ['T', n_feat * veclen]),
         helper.make_tensor_value_info('codebooks', TensorProto.INT64, ['C']),
         helper.make_tensor_value_info('slots', TensorProto.INT64, ['C', 'J'])],
        [helper.make_tensor_value_info('loglik', TensorProto.FLOAT, ['C', 'T', 'J'])],
        inits)
    model = helper.make_model(graph, producer_name='oralis-convert-sphinx-model',
                              opset_imports=[helper.make_opsetid('', 17)])
    onnx.checker.check_model(model)
    with open(f'{OUT}/acoustic.onnx', 'wb') as f:
        f.write(model.SerializeToString())


def write_golden(means, variances, mixw, sen2cb):
    """Senone log-likelihoods for pseudo-random frames, one Gaussian at a time in float64."""
    rng = np.random.default_rng(762)
    n_mgau, n_feat, n_density, veclen = means.shape
    # Plausible frames: near a random density of a random codebook.
    feats = np.stack([np.concatenate([means[rng.integers(n_mgau), f, rng.integers(n_density)] for f in range(n_feat)])
                      for _ in range(4)]) + rng.normal(0, 0.3, (4, n_feat * veclen))
    senones = [0, 5, 6, 125, 126, 1000, 2500, len(sen2cb) - 1]
    out = []
    for x in feats:
        row = []
        for s in senones:
            cb = sen2cb[s]
            total = 0.0
            for f in range(n_feat):
                xs = x[f * veclen:(f + 1) * veclen]
                acc = 0.0
                for d in range(n_density):
                    mu, var = means[cb, f, d], variances[cb, f, d]
                    logn = -0.5 * (np.log(2 * math.pi * var) + (xs - mu) ** 2 / var).sum()
                    acc += math.exp(-int(mixw[f, s, d]) * MIXW_LN_STEP + logn)
                total += math.log(acc)
            row.append(round(total, 4))
        out.append(row)
    golden = {'features': [[round(v, 6) for v in x] for x in feats.astype(np.float32).tolist()],
              'senones': senones, 'loglik': out}
    with open(f'{REPO}/test/fixtures/{MODEL["golden"]}', 'w') as f:
        json.dump(golden, f)
        f.write('\n')


def sha256(path):
    return hashlib.sha256(open(path, 'rb').read()).hexdigest()


if __name__ == '__main__':
    main()
