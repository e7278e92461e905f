# Writes tiny.model: a hand-made SentencePiece ModelProto (unigram, no character map) for op examples.
import struct, sys
def varint(n):
    out = b''
    while True:
        b = n & 0x7f; n >>= 7
        if n: out += bytes([b | 0x80])
        else: return out + bytes([b])
def field(num, wire, payload):
    return varint(num << 3 | wire) + payload
def ld(num, data):
    return field(num, 2, varint(len(data)) + data)
def piece(p, score, t):
    body = ld(1, p.encode()) + field(2, 5, struct.pack('<f', score))
    if t != 1: body += field(3, 0, varint(t))
    return ld(1, body)
pieces = [('<unk>', 0, 2), ('<s>', 0, 3), ('</s>', 0, 3), ('\u2581', -2, 1), ('a', -3, 1), ('b', -3, 1), ('c', -3, 1),
          ('\u2581a', -1, 1), ('ab', -1.5, 1), ('\u2581abc', -0.5, 1), ('\u2581b', -1.8, 1), ('bc', -2.5, 1)]
out = b''.join(piece(*p) for p in pieces)
out += ld(2, field(3, 0, varint(1)))          # trainer_spec { model_type: UNIGRAM }
out += ld(3, ld(1, b'identity'))              # normalizer_spec { name: "identity" } (no character map)
open(sys.argv[1], 'wb').write(out)
