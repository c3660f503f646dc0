// An independent check of the log's witness cosignatures, written from the C2SP texts alone
// (signed-note, tlog-checkpoint, tlog-cosignature cosignature/v1) with crypto/ed25519 and crypto/sha256:
// no code shared with the service. Reads a cosigned checkpoint note on stdin, checks the log's signature
// and each witness's cosignature, and prints a JSON summary; exits 1 when fewer than -quorum witnesses cosigned.
package main

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

type key struct {
	name string
	id   []byte
	pub  ed25519.PublicKey
}

// parseVkey reads "<name>+<hex key id>+<base64(type || key)>" and checks the id:
// SHA-256(name || "\n" || type || key)[:4].
func parseVkey(vkey string, wantType byte) (key, error) {
	first := strings.Index(vkey, "+")
	if first < 0 {
		return key{}, fmt.Errorf("vkey %q has no name", vkey)
	}
	rest := vkey[first+1:]
	second := strings.Index(rest, "+")
	if second < 0 {
		return key{}, fmt.Errorf("vkey %q has no key", vkey)
	}
	name, hexID, encoded := vkey[:first], rest[:second], rest[second+1:]
	typed, err := base64.StdEncoding.DecodeString(encoded)
	if err != nil || len(typed) != 1+ed25519.PublicKeySize || typed[0] != wantType {
		return key{}, fmt.Errorf("vkey %q is not an Ed25519 key of type 0x%02x", vkey, wantType)
	}
	h := sha256.New()
	h.Write([]byte(name))
	h.Write([]byte{'\n'})
	h.Write(typed)
	id := h.Sum(nil)[:4]
	if hex.EncodeToString(id) != hexID {
		return key{}, fmt.Errorf("vkey %q: key id does not match its name and key", vkey)
	}
	return key{name: name, id: id, pub: ed25519.PublicKey(typed[1:])}, nil
}

type signature struct {
	name string
	blob []byte
}

// splitNote: the text up to and including the blank line's preceding newline, then "— name base64" lines.
func splitNote(note string) (string, []signature, error) {
	i := strings.LastIndex(note, "\n\n")
	if i < 0 || !strings.HasSuffix(note, "\n") {
		return "", nil, fmt.Errorf("not a signed note")
	}
	text := note[:i+1]
	var sigs []signature
	for _, line := range strings.Split(strings.TrimSuffix(note[i+2:], "\n"), "\n") {
		if !strings.HasPrefix(line, "\u2014 ") {
			return "", nil, fmt.Errorf("signature line %q does not start with an em dash", line)
		}
		parts := strings.Split(strings.TrimPrefix(line, "\u2014 "), " ")
		if len(parts) != 2 {
			return "", nil, fmt.Errorf("malformed signature line %q", line)
		}
		blob, err := base64.StdEncoding.DecodeString(parts[1])
		if err != nil {
			return "", nil, fmt.Errorf("signature line %q is not base64", line)
		}
		sigs = append(sigs, signature{name: parts[0], blob: blob})
	}
	return text, sigs, nil
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

type cosigner struct {
	Name string `json:"name"`
	Time uint64 `json:"time"`
}

type summary struct {
	Origin    string     `json:"origin"`
	Size      uint64     `json:"size"`
	Root      string     `json:"root"`
	LogSigned bool       `json:"log_signed"`
	Cosigners []cosigner `json:"cosigners"`
	Quorum    int        `json:"quorum"`
	QuorumMet bool       `json:"quorum_met"`
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}

func main() {
	logVkey := flag.String("log-vkey", "", "the log's note verifier key (type 0x01)")
	quorum := flag.Int("quorum", -1, "cosignatures required (default: every -witness)")
	var witnesses multiFlag
	flag.Var(&witnesses, "witness", "a witness's cosignature/v1 verifier key (type 0x04); repeat")
	flag.Parse()
	if *quorum < 0 {
		*quorum = len(witnesses)
	}
	raw, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail("read: %v", err)
	}
	text, sigs, err := splitNote(string(raw))
	if err != nil {
		fail("%v", err)
	}
	lines := strings.SplitN(text, "\n", 4)
	if len(lines) < 4 {
		fail("the checkpoint has fewer than three lines")
	}
	size, err := strconv.ParseUint(lines[1], 10, 64)
	if err != nil || (lines[1] != "0" && strings.HasPrefix(lines[1], "0")) {
		fail("the checkpoint's size line %q is not a decimal", lines[1])
	}
	if root, err := base64.StdEncoding.DecodeString(lines[2]); err != nil || len(root) != 32 {
		fail("the checkpoint's root line is not a base64 SHA-256 hash")
	}
	out := summary{Origin: lines[0], Size: size, Root: lines[2], Quorum: *quorum, Cosigners: []cosigner{}}

	logKey, err := parseVkey(*logVkey, 0x01)
	if err != nil {
		fail("%v", err)
	}
	if logKey.name != out.Origin {
		fail("the log key's name %q is not the checkpoint's origin %q", logKey.name, out.Origin)
	}
	for _, s := range sigs {
		if s.name == logKey.name && len(s.blob) == 4+ed25519.SignatureSize && bytes.Equal(s.blob[:4], logKey.id) &&
			ed25519.Verify(logKey.pub, []byte(text), s.blob[4:]) {
			out.LogSigned = true
		}
	}
	if !out.LogSigned {
		fail("the checkpoint carries no valid signature of the log key")
	}

	for _, vkey := range witnesses {
		w, err := parseVkey(vkey, 0x04)
		if err != nil {
			fail("%v", err)
		}
		for _, s := range sigs {
			// key ID (4) || big-endian u64 timestamp (8) || Ed25519 signature (64)
			if s.name != w.name || len(s.blob) != 4+8+ed25519.SignatureSize || !bytes.Equal(s.blob[:4], w.id) {
				continue
			}
			timestamp := binary.BigEndian.Uint64(s.blob[4:12])
			message := fmt.Sprintf("cosignature/v1\ntime %d\n%s", timestamp, text)
			if timestamp != 0 && ed25519.Verify(w.pub, []byte(message), s.blob[12:]) {
				out.Cosigners = append(out.Cosigners, cosigner{Name: w.name, Time: timestamp})
				break
			}
		}
	}
	out.QuorumMet = len(out.Cosigners) >= *quorum
	encoded, _ := json.Marshal(out)
	fmt.Println(string(encoded))
	if !out.QuorumMet {
		os.Exit(1)
	}
}
