package dev.tatter.runtime.kernels.text;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.io.InputLimit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A SentencePiece model as its {@code .model} file holds it: the {@code ModelProto} of
 * {@code sentencepiece_model.proto}, read field by field with protobuf-java's {@link CodedInputStream}
 * (the fields below by their numbers in that schema; unknown fields skipped, as protobuf does). Only
 * what encoding and decoding need is kept, and the checks SentencePiece's {@code ModelInterface}
 * makes when it loads a model are made here, so a broken model is refused naming the field.
 */
public final class SentencepieceModel {

  /** {@code ModelProto.SentencePiece.Type}. */
  public enum PieceType { NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE }

  /** {@code TrainerSpec.ModelType}. */
  public enum ModelType { UNIGRAM, BPE, WORD, CHAR }

  final byte[][] pieces;
  final float[] scores;
  final PieceType[] types;
  final ModelType modelType;
  final boolean byteFallback;
  final boolean treatWhitespaceAsSuffix;
  final byte[] unkSurface;
  final byte[] bosPiece;
  final byte[] eosPiece;
  final byte[] unkPiece;
  // normalizer_spec
  final byte[] precompiledCharsmap;
  final boolean addDummyPrefix;
  final boolean removeExtraWhitespaces;
  final boolean escapeWhitespaces;
  final boolean hasDenormalizer;
  final int unkId;
  final Map<String, Integer> normalIds;
  final Map<String, Integer> reservedIds;
  final String source;

  private SentencepieceModel(Parsed p, String source) {
    this.source = source;
    this.pieces = p.pieces.toArray(new byte[0][]);
    this.scores = new float[pieces.length];
    this.types = p.types.toArray(new PieceType[0]);
    for (int i = 0; i < pieces.length; i++) {
      scores[i] = p.scores.get(i);
    }
    this.modelType = p.modelType;
    this.byteFallback = p.byteFallback;
    this.treatWhitespaceAsSuffix = p.treatWhitespaceAsSuffix;
    this.unkSurface = p.unkSurface;
    this.bosPiece = p.bosPiece;
    this.eosPiece = p.eosPiece;
    this.unkPiece = p.unkPiece;
    this.precompiledCharsmap = p.precompiledCharsmap;
    this.addDummyPrefix = p.addDummyPrefix;
    this.removeExtraWhitespaces = p.removeExtraWhitespaces;
    this.escapeWhitespaces = p.escapeWhitespaces;
    this.hasDenormalizer = p.hasDenormalizer;
    // ModelInterface::InitializePieces' checks
    if (pieces.length == 0) {
      throw refuse(source, "pieces (field 1)", "no pieces are loaded");
    }
    Map<String, Integer> normal = new HashMap<>();
    Map<String, Integer> reserved = new HashMap<>();
    int unk = -1;
    boolean[] byteFound = new boolean[256];
    for (int i = 0; i < pieces.length; i++) {
      if (pieces[i].length == 0) {
        throw refuse(source, "pieces[" + i + "].piece", "piece must not be empty");
      }
      PieceType t = types[i];
      boolean isNormal = t == PieceType.NORMAL || t == PieceType.USER_DEFINED || t == PieceType.UNUSED;
      String key = key(pieces[i]);
      if ((isNormal ? normal : reserved).putIfAbsent(key, i) != null) {
        throw refuse(source, "pieces[" + i + "].piece", text(pieces[i]) + " is already defined");
      }
      if (t == PieceType.UNKNOWN) {
        if (unk >= 0) {
          throw refuse(source, "pieces[" + i + "].type", "unk is already defined (at pieces[" + unk + "])");
        }
        unk = i;
      }
      if (t == PieceType.BYTE) {
        if (!byteFallback) {
          throw refuse(source, "pieces[" + i + "].type", "byte piece " + text(pieces[i]) + " is found although `byte_fallback` is false");
        }
        int b = pieceToByte(pieces[i]);
        if (b < 0) {
          throw refuse(source, "pieces[" + i + "].piece", "byte piece " + text(pieces[i]) + " is invalid");
        }
        byteFound[b] = true;
      }
    }
    if (unk < 0) {
      throw refuse(source, "pieces (field 1)", "unk is not defined (no piece of type UNKNOWN)");
    }
    if (byteFallback) {
      for (int b = 0; b < 256; b++) {
        if (!byteFound[b]) {
          throw refuse(source, "trainer_spec.byte_fallback (field 35)",
              String.format("there are not 256 byte pieces although `byte_fallback` is true (<0x%02X> is missing)", b));
        }
      }
    }
    if (modelType == ModelType.WORD || modelType == ModelType.CHAR) {
      throw refuse(source, "trainer_spec.model_type (field 3)",
          modelType + " models are not supported (Tatter encodes UNIGRAM and BPE models)");
    }
    this.unkId = unk;
    this.normalIds = normal;
    this.reservedIds = reserved;
  }

  /** Reads a {@code .model} file. */
  public static SentencepieceModel read(Path file) {
    byte[] bytes;
    try {
      bytes = InputLimit.readAll(file, "the SentencePiece model file " + file); // counted as read: /dev/zero has no size
    } catch (NoSuchFileException e) {
      throw new InvalidArgumentException("the SentencePiece model file " + file + " does not exist");
    } catch (InputLimit.Refused e) {
      throw new InvalidArgumentException(e.getMessage());
    } catch (IOException e) {
      throw new InvalidArgumentException("the SentencePiece model file " + file + " cannot be read: " + e);
    }
    return parse(bytes, "file " + file);
  }

  /** Parses a serialized {@code ModelProto}; {@code source} names it in errors. */
  public static SentencepieceModel parse(byte[] bytes, String source) {
    if (bytes.length == 0) {
      throw new InvalidArgumentException("the SentencePiece model " + source + " is empty (0 bytes)");
    }
    Parsed p = new Parsed();
    String field = "ModelProto";
    try {
      CodedInputStream in = CodedInputStream.newInstance(bytes);
      in.setSizeLimit(Integer.MAX_VALUE);
      int index = 0;
      for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
        int number = WireFormat.getTagFieldNumber(tag);
        int wire = WireFormat.getTagWireType(tag);
        if (number == 1 && wire == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
          field = "pieces[" + index + "]";
          parsePiece(in.readByteArray(), p);
          index++;
        } else if (number == 2 && wire == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
          field = "trainer_spec (field 2)";
          parseTrainerSpec(in.readByteArray(), p);
        } else if (number == 3 && wire == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
          field = "normalizer_spec (field 3)";
          parseNormalizerSpec(in.readByteArray(), p, false);
        } else if (number == 5 && wire == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
          field = "denormalizer_spec (field 5)";
          parseNormalizerSpec(in.readByteArray(), p, true);
        } else {
          field = "field " + number;
          in.skipField(tag);
        }
        field = "ModelProto";
      }
    } catch (InvalidProtocolBufferException e) {
      throw refuse(source, field, "not a valid protocol buffer (" + e.getMessage() + ")");
    } catch (IOException e) {
      throw refuse(source, field, "cannot be read: " + e);
    }
    return new SentencepieceModel(p, source);
  }

  private static void parsePiece(byte[] bytes, Parsed p) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(bytes);
    byte[] piece = new byte[0];
    float score = 0;
    PieceType type = PieceType.NORMAL;
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      switch (tag) {
        case (1 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> piece = in.readByteArray();
        case (2 << 3) | WireFormat.WIRETYPE_FIXED32 -> score = in.readFloat();
        case (3 << 3) | WireFormat.WIRETYPE_VARINT -> {
          int t = in.readEnum();
          type = switch (t) {
            case 1 -> PieceType.NORMAL;
            case 2 -> PieceType.UNKNOWN;
            case 3 -> PieceType.CONTROL;
            case 4 -> PieceType.USER_DEFINED;
            case 5 -> PieceType.UNUSED;
            case 6 -> PieceType.BYTE;
            default -> throw new InvalidProtocolBufferException("piece type " + t + " is not a SentencePiece.Type (1..6)");
          };
        }
        default -> in.skipField(tag);
      }
    }
    p.pieces.add(piece);
    p.scores.add(score);
    p.types.add(type);
  }

  private static void parseTrainerSpec(byte[] bytes, Parsed p) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(bytes);
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      switch (tag) {
        case (3 << 3) | WireFormat.WIRETYPE_VARINT -> {
          int t = in.readEnum();
          p.modelType = switch (t) {
            case 1 -> ModelType.UNIGRAM;
            case 2 -> ModelType.BPE;
            case 3 -> ModelType.WORD;
            case 4 -> ModelType.CHAR;
            default -> throw new InvalidProtocolBufferException("model_type " + t + " is not a TrainerSpec.ModelType (1..4)");
          };
        }
        case (24 << 3) | WireFormat.WIRETYPE_VARINT -> p.treatWhitespaceAsSuffix = in.readBool();
        case (35 << 3) | WireFormat.WIRETYPE_VARINT -> p.byteFallback = in.readBool();
        case (44 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> p.unkSurface = in.readByteArray();
        case (45 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> p.unkPiece = in.readByteArray();
        case (46 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> p.bosPiece = in.readByteArray();
        case (47 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> p.eosPiece = in.readByteArray();
        default -> in.skipField(tag);
      }
    }
  }

  private static void parseNormalizerSpec(byte[] bytes, Parsed p, boolean denormalizer) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(bytes);
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      if (denormalizer) {
        if (tag == ((2 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED)) {
          p.hasDenormalizer |= in.readByteArray().length > 0;
        } else {
          in.skipField(tag);
        }
        continue;
      }
      switch (tag) {
        case (2 << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED -> p.precompiledCharsmap = in.readByteArray();
        case (3 << 3) | WireFormat.WIRETYPE_VARINT -> p.addDummyPrefix = in.readBool();
        case (4 << 3) | WireFormat.WIRETYPE_VARINT -> p.removeExtraWhitespaces = in.readBool();
        case (5 << 3) | WireFormat.WIRETYPE_VARINT -> p.escapeWhitespaces = in.readBool();
        default -> in.skipField(tag);
      }
    }
  }

  /** The fields as read, with the schema's defaults. */
  private static final class Parsed {
    final List<byte[]> pieces = new ArrayList<>();
    final List<Float> scores = new ArrayList<>();
    final List<PieceType> types = new ArrayList<>();
    ModelType modelType = ModelType.UNIGRAM;
    boolean byteFallback;
    boolean treatWhitespaceAsSuffix;
    byte[] unkSurface = " \u2047 ".getBytes(StandardCharsets.UTF_8);
    byte[] unkPiece = "<unk>".getBytes(StandardCharsets.UTF_8);
    byte[] bosPiece = "<s>".getBytes(StandardCharsets.UTF_8);
    byte[] eosPiece = "</s>".getBytes(StandardCharsets.UTF_8);
    byte[] precompiledCharsmap = new byte[0];
    boolean addDummyPrefix = true;
    boolean removeExtraWhitespaces = true;
    boolean escapeWhitespaces = true;
    boolean hasDenormalizer;
  }

  static InvalidArgumentException refuse(String source, String field, String why) {
    return new InvalidArgumentException("the SentencePiece model " + source + " is malformed at " + field + ": " + why);
  }

  /** A piece's bytes as a map key (ISO-8859-1: one char per byte, so any bytes round-trip). */
  static String key(byte[] piece) {
    return new String(piece, StandardCharsets.ISO_8859_1);
  }

  private static String text(byte[] piece) {
    return "'" + new String(piece, StandardCharsets.UTF_8) + "'";
  }

  /** {@code <0xAB>} to 0xAB, or -1 for any other piece. */
  static int pieceToByte(byte[] piece) {
    if (piece.length != 6 || piece[0] != '<' || piece[1] != '0' || piece[2] != 'x' || piece[5] != '>') {
      return -1;
    }
    int hi = Character.digit(piece[3], 16);
    int lo = Character.digit(piece[4], 16);
    return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
  }

  /** The number of pieces ({@code vocab_size}). */
  public int size() {
    return pieces.length;
  }

  public ModelType modelType() {
    return modelType;
  }

  /** Piece {@code id}'s bytes (shared). */
  public byte[] piece(int id) {
    return pieces[id];
  }

  public PieceType type(int id) {
    return types[id];
  }

  /**
   * SentencePiece's {@code PieceToId}: a control, unknown or byte piece's id first, then a normal,
   * user-defined or unused piece's, else the unknown piece's id.
   */
  public int pieceToId(byte[] piece) {
    String k = key(piece);
    Integer id = reservedIds.get(k);
    if (id == null) {
      id = normalIds.get(k);
    }
    return id == null ? unkId : id;
  }

  public int unkId() {
    return unkId;
  }

  public String source() {
    return source;
  }
}
