// Just enough of the ONNX protobuf format to write an inference graph: tensors, nodes with
// attributes, typed graph inputs and outputs. No dependency, byte-for-byte deterministic.

type Bytes = Uint8Array;

const encoder = new TextEncoder();

function concat(parts: Bytes[]): Bytes {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function varint(value: number | bigint): Bytes {
  let rest = BigInt.asUintN(64, BigInt(value));
  const bytes: number[] = [];
  do {
    let byte = Number(rest & 0x7fn);
    rest >>= 7n;
    if (rest) byte |= 0x80;
    bytes.push(byte);
  } while (rest);
  return new Uint8Array(bytes);
}

// Protobuf wire types: 0 varint, 2 length-delimited, 5 fixed 32-bit.
const tag = (field: number, wireType: number) => varint((field << 3) | wireType);
const intField = (field: number, value: number | bigint) => concat([tag(field, 0), varint(value)]);
const bytesField = (field: number, bytes: Bytes) => concat([tag(field, 2), varint(bytes.length), bytes]);
const stringField = (field: number, text: string) => bytesField(field, encoder.encode(text));
function floatField(field: number, value: number): Bytes {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setFloat32(0, value, true);
  return concat([tag(field, 5), bytes]);
}

/** ONNX TensorProto.DataType values used here. */
export const DataType = { FLOAT: 1, INT8: 3, INT32: 6, INT64: 7 } as const;

/** A node attribute: an int, a list of ints, or a float. */
export type Attribute = number | number[] | { float: number };

function attributeProto(name: string, value: Attribute): Bytes {
  // AttributeProto: name=1, f=2, i=3, ints=8, type=20 (FLOAT=1, INT=2, INTS=7)
  if (Array.isArray(value)) return concat([stringField(1, name), ...value.map((v) => intField(8, v)), intField(20, 7)]);
  if (typeof value === 'object') return concat([stringField(1, name), floatField(2, value.float), intField(20, 1)]);
  return concat([stringField(1, name), intField(3, value), intField(20, 2)]);
}

function valueInfoProto(name: string, elementType: number, dims: Array<number | string>): Bytes {
  // ValueInfoProto{name=1, type=2: TypeProto{tensor_type=1: {elem_type=1, shape=2: {dim=1: {dim_value=1 | dim_param=2}}}}}
  const shape = concat(dims.map((dim) => bytesField(1, typeof dim === 'number' ? intField(1, dim) : stringField(2, dim))));
  return concat([stringField(1, name), bytesField(2, bytesField(1, concat([intField(1, elementType), bytesField(2, shape)])))]);
}

type TensorData = Float32Array | Int8Array | Int32Array | BigInt64Array;

export interface GraphIO {
  name: string;
  elementType: number;
  dims: Array<number | string>;
}

/** Collects constants and nodes; `toModel` writes the ModelProto. */
export class OnnxGraphBuilder {
  private readonly initializers: Bytes[] = [];
  private readonly nodes: Bytes[] = [];
  private counter = 0;

  /** Adds a constant tensor and returns its name. */
  constant(name: string, data: TensorData, dims: number[]): string {
    const type =
      data instanceof Float32Array ? DataType.FLOAT : data instanceof Int8Array ? DataType.INT8 : data instanceof Int32Array ? DataType.INT32 : DataType.INT64;
    const raw = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    // TensorProto: dims=1, data_type=2, name=8, raw_data=9
    this.initializers.push(concat([...dims.map((d) => intField(1, d)), intField(2, type), stringField(8, name), bytesField(9, raw)]));
    return name;
  }

  int64s(name: string, values: number[], dims: number[] = [values.length]): string {
    return this.constant(name, BigInt64Array.from(values.map(BigInt)), dims);
  }

  float(name: string, value: number): string {
    return this.constant(name, Float32Array.of(value), []);
  }

  /** Adds an operator node; returns the name of its first output. */
  node(op: string, inputs: string[], attributes: Record<string, Attribute> = {}, outputs?: string[]): string {
    this.counter++;
    const names = outputs ?? [`${op}_${this.counter}`];
    // NodeProto: input=1, output=2, name=3, op_type=4, attribute=5
    this.nodes.push(
      concat([
        ...inputs.map((input) => stringField(1, input)),
        ...names.map((output) => stringField(2, output)),
        stringField(3, `n${this.counter}_${op}`),
        stringField(4, op),
        ...Object.entries(attributes).map(([key, value]) => bytesField(5, attributeProto(key, value))),
      ]),
    );
    return names[0]!;
  }

  get nodeCount(): number {
    return this.nodes.length;
  }

  toModel(graphName: string, inputs: GraphIO[], outputs: GraphIO[], opsetVersion: number): Bytes {
    // GraphProto: node=1, name=2, initializer=5, input=11, output=12
    const graph = concat([
      ...this.nodes.map((node) => bytesField(1, node)),
      stringField(2, graphName),
      ...this.initializers.map((tensor) => bytesField(5, tensor)),
      ...inputs.map((io) => bytesField(11, valueInfoProto(io.name, io.elementType, io.dims))),
      ...outputs.map((io) => bytesField(12, valueInfoProto(io.name, io.elementType, io.dims))),
    ]);
    // ModelProto: ir_version=1, producer_name=2, graph=7, opset_import=8 {domain=1, version=2}
    return concat([
      intField(1, 8),
      stringField(2, 'movie-discovery use-lite converter'),
      bytesField(7, graph),
      bytesField(8, concat([stringField(1, ''), intField(2, opsetVersion)])),
    ]);
  }
}
