//! Piper voices compute how long each phoneme lasts (a `Ceil` of the predicted log-durations),
//! Kokoro too (a `Clip` of the rounded durations, at least one frame each), but neither outputs
//! it. This adds that tensor to the model's outputs by editing the ONNX file's
//! protocol buffer in place: the graph (field 7 of `ModelProto`) gets one more `output` (field
//! 12 of `GraphProto`). Nothing else in the file is decoded or changed.

/// Wire types of protocol buffer fields.
const VARINT: u64 = 0;
const FIXED64: u64 = 1;
const BYTES: u64 = 2;
const FIXED32: u64 = 5;

/// `ModelProto.graph`, `GraphProto.node`, `GraphProto.output`, `NodeProto.output`,
/// `NodeProto.op_type`, `ValueInfoProto.name`/`.type`, `TypeProto.tensor_type`,
/// `TypeProto.Tensor.elem_type` and its FLOAT.
const MODEL_GRAPH: u64 = 7;
const GRAPH_NODE: u64 = 1;
const GRAPH_OUTPUT: u64 = 12;
const NODE_OUTPUT: u64 = 2;
const NODE_OP_TYPE: u64 = 4;
const VALUE_NAME: u64 = 1;
const VALUE_TYPE: u64 = 2;
const TYPE_TENSOR: u64 = 1;
const TENSOR_ELEM_TYPE: u64 = 1;
const FLOAT: u64 = 1;

/// One field of a message: its number, wire type and (for length-delimited fields) its bytes.
struct Field<'a> {
    number: u64,
    wire: u64,
    body: &'a [u8],
    /// The whole field as written, tag included.
    raw: &'a [u8],
}

fn varint(bytes: &[u8], at: &mut usize) -> Result<u64, String> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *bytes.get(*at).ok_or("the model file is cut short")?;
        *at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Ok(value);
        }
    }
    Err("the model file has a malformed number".into())
}

fn put_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

fn put_bytes(out: &mut Vec<u8>, number: u64, body: &[u8]) {
    put_varint(out, number << 3 | BYTES);
    put_varint(out, body.len() as u64);
    out.extend_from_slice(body);
}

/// The fields of one message, in order.
fn fields(bytes: &[u8]) -> Result<Vec<Field<'_>>, String> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let start = at;
        let tag = varint(bytes, &mut at)?;
        let (number, wire) = (tag >> 3, tag & 7);
        let body_start = at;
        let length = match wire {
            VARINT => {
                varint(bytes, &mut at)?;
                0
            }
            FIXED64 => 8,
            FIXED32 => 4,
            BYTES => usize::try_from(varint(bytes, &mut at)?).map_err(|_| "the model file is too large")?,
            _ => return Err(format!("the model file has a field of wire type {wire}")),
        };
        let body_start = if wire == BYTES { at } else { body_start };
        let end = at.checked_add(length).filter(|&end| end <= bytes.len()).ok_or("the model file is cut short")?;
        out.push(Field { number, wire, body: &bytes[body_start..end], raw: &bytes[start..end] });
        at = end;
    }
    Ok(out)
}

/// The output names of the graph's nodes of type `op`.
fn outputs_of(graph: &[u8], op: &str) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    for node in fields(graph)?.into_iter().filter(|f| f.number == GRAPH_NODE && f.wire == BYTES) {
        let node = fields(node.body)?;
        let is_op = node.iter().any(|f| f.number == NODE_OP_TYPE && f.body == op.as_bytes());
        if is_op {
            let outputs = node.iter().filter(|f| f.number == NODE_OUTPUT);
            names.extend(outputs.map(|f| String::from_utf8_lossy(f.body).into_owned()));
        }
    }
    Ok(names)
}

/// `model` with its phoneme durations as an extra float output, and that output's name: the
/// output of its one node of type `op` (`Ceil` in Piper's exported voices, `Clip` in Kokoro's).
/// Fails unless the graph has exactly one.
pub fn with_durations(model: &[u8], op: &str) -> Result<(Vec<u8>, String), String> {
    let top = fields(model)?;
    let graph = top.iter().find(|f| f.number == MODEL_GRAPH && f.wire == BYTES).ok_or("the model has no graph")?;
    let name = match outputs_of(graph.body, op)?.as_slice() {
        [name] => name.clone(),
        found => return Err(format!("the voice has {} duration nodes, not one", found.len())),
    };
    let mut element = Vec::new();
    put_varint(&mut element, TENSOR_ELEM_TYPE << 3 | VARINT);
    put_varint(&mut element, FLOAT);
    let mut kind = Vec::new();
    put_bytes(&mut kind, TYPE_TENSOR, &element);
    let mut value = Vec::new();
    put_bytes(&mut value, VALUE_NAME, name.as_bytes());
    put_bytes(&mut value, VALUE_TYPE, &kind);
    let mut patched_graph = graph.body.to_vec();
    put_bytes(&mut patched_graph, GRAPH_OUTPUT, &value);
    let mut out = Vec::with_capacity(model.len() + 64);
    for field in &top {
        match field.number == MODEL_GRAPH && field.wire == BYTES {
            true => put_bytes(&mut out, MODEL_GRAPH, &patched_graph),
            false => out.extend_from_slice(field.raw),
        }
    }
    Ok((out, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(op: &str, output: &str) -> Vec<u8> {
        let mut node = Vec::new();
        put_bytes(&mut node, NODE_OUTPUT, output.as_bytes());
        put_bytes(&mut node, NODE_OP_TYPE, op.as_bytes());
        node
    }

    fn model(nodes: &[Vec<u8>]) -> Vec<u8> {
        let mut graph = Vec::new();
        for n in nodes {
            put_bytes(&mut graph, GRAPH_NODE, n);
        }
        let mut model = Vec::new();
        put_varint(&mut model, 1 << 3 | VARINT); // ir_version
        put_varint(&mut model, 8);
        put_bytes(&mut model, MODEL_GRAPH, &graph);
        model.extend_from_slice(&[0x45, 1, 2, 3, 4]); // a fixed32 field, kept as it is
        model
    }

    #[test]
    fn the_one_ceil_output_becomes_a_graph_output() {
        let original = model(&[node("Mul", "/Mul_output_0"), node("Ceil", "/Ceil_output_0")]);
        let (patched, name) = with_durations(&original, "Ceil").unwrap();
        assert_eq!(name, "/Ceil_output_0");
        let top = fields(&patched).unwrap();
        assert_eq!(top.len(), 3, "the other fields are kept");
        assert_eq!(top[2].raw, &[0x45, 1, 2, 3, 4]);
        let graph = fields(top[1].body).unwrap();
        let output = graph.iter().find(|f| f.number == GRAPH_OUTPUT).unwrap();
        let value = fields(output.body).unwrap();
        assert_eq!(value[0].body, b"/Ceil_output_0");
        assert_eq!(outputs_of(top[1].body, "Ceil").unwrap(), ["/Ceil_output_0"]);
    }

    #[test]
    fn models_without_one_duration_node_or_cut_short_are_refused() {
        assert!(with_durations(&model(&[node("Mul", "x")]), "Ceil").is_err());
        assert!(with_durations(&model(&[node("Ceil", "a"), node("Ceil", "b")]), "Ceil").is_err());
        let whole = model(&[node("Ceil", "a")]);
        assert!(with_durations(&whole[..whole.len() - 7], "Ceil").is_err());
        assert!(with_durations(&[0xff; 12], "Ceil").is_err());
    }
}
