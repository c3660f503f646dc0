// An independent verifier of the service's transparency log, built only from Go's
// golang.org/x/mod/sumdb/tlog and note (Debian golang-golang-x-mod-dev), in GOPATH mode:
//
//	GOPATH=/usr/share/gocode GO111MODULE=off go build -o verifier .
//
// It fetches the checkpoint and verifies its signature with note, reads tiles (levels 0 and 1) through
// tlog's TileHashReader (which checks every tile against the signed tree hash), checks every entry of
// every entry bundle against its leaf and its inclusion proof, optionally proves the tree consistent with
// an older checkpoint and checks c2sp.org/tlog-proof@v1 texts. It prints a JSON summary; exit 1 on failure.
package main

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/ioutil"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

const tileHeight = 8

var prefix string

func fetch(path string) ([]byte, error) {
	resp, err := http.Get(prefix + "/" + path)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := ioutil.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != 200 {
		return nil, fmt.Errorf("GET %s: %d", path, resp.StatusCode)
	}
	return body, nil
}

// tilePath maps Go's sumdb path (tile/H/L/N[.p/W]) to C2SP's (tile/L/N[.p/W]).
func tilePath(t tlog.Tile) string {
	return "tile/" + strings.TrimPrefix(t.Path(), fmt.Sprintf("tile/%d/", t.H))
}

type httpTiles struct {
	cache   map[string][]byte
	levels  map[int]int
	fetched int
}

func (r *httpTiles) Height() int { return tileHeight }

func (r *httpTiles) ReadTiles(tiles []tlog.Tile) ([][]byte, error) {
	out := make([][]byte, len(tiles))
	for i, t := range tiles {
		path := tilePath(t)
		if data, ok := r.cache[path]; ok {
			out[i] = data
			continue
		}
		data, err := fetch(path)
		if err != nil {
			return nil, err
		}
		if len(data) != t.W*tlog.HashSize {
			return nil, fmt.Errorf("%s: %d bytes, want %d", path, len(data), t.W*tlog.HashSize)
		}
		r.cache[path] = data
		r.levels[t.L]++
		r.fetched++
		out[i] = data
	}
	return out, nil
}

func (r *httpTiles) SaveTiles(tiles []tlog.Tile, data [][]byte) {}

type checkpoint struct {
	origin string
	tree   tlog.Tree
	text   string
}

func openCheckpoint(msg []byte, verifiers note.Verifiers) (checkpoint, error) {
	n, err := note.Open(msg, verifiers)
	if err != nil {
		return checkpoint{}, fmt.Errorf("checkpoint signature: %v", err)
	}
	lines := strings.Split(n.Text, "\n")
	if len(lines) < 4 || lines[len(lines)-1] != "" {
		return checkpoint{}, errors.New("checkpoint: malformed text")
	}
	size, err := strconv.ParseInt(lines[1], 10, 64)
	if err != nil || size < 0 {
		return checkpoint{}, errors.New("checkpoint: bad tree size")
	}
	hash, err := base64.StdEncoding.DecodeString(lines[2])
	if err != nil || len(hash) != tlog.HashSize {
		return checkpoint{}, errors.New("checkpoint: bad root hash")
	}
	var h tlog.Hash
	copy(h[:], hash)
	return checkpoint{origin: lines[0], tree: tlog.Tree{N: size, Hash: h}, text: n.Text}, nil
}

func splitBundle(data []byte) ([][]byte, error) {
	var entries [][]byte
	for len(data) > 0 {
		if len(data) < 2 {
			return nil, errors.New("entry bundle: truncated length")
		}
		n := int(binary.BigEndian.Uint16(data))
		if len(data) < 2+n {
			return nil, errors.New("entry bundle: truncated entry")
		}
		entries = append(entries, data[2:2+n])
		data = data[2+n:]
	}
	return entries, nil
}

// checkProofText checks a c2sp.org/tlog-proof@v1 for the entry against its own (signed) checkpoint.
func checkProofText(text string, entry []byte, verifiers note.Verifiers, origin string) error {
	parts := strings.SplitN(text, "\n\n", 2)
	if len(parts) != 2 {
		return errors.New("proof: no checkpoint")
	}
	lines := strings.Split(parts[0], "\n")
	if len(lines) < 2 || lines[0] != "c2sp.org/tlog-proof@v1" || !strings.HasPrefix(lines[1], "index ") {
		return errors.New("proof: bad header")
	}
	index, err := strconv.ParseInt(strings.TrimPrefix(lines[1], "index "), 10, 64)
	if err != nil {
		return err
	}
	var proof tlog.RecordProof
	for _, line := range lines[2:] {
		b, err := base64.StdEncoding.DecodeString(line)
		if err != nil || len(b) != tlog.HashSize {
			return errors.New("proof: bad hash line")
		}
		var h tlog.Hash
		copy(h[:], b)
		proof = append(proof, h)
	}
	cp, err := openCheckpoint([]byte(parts[1]), verifiers)
	if err != nil {
		return err
	}
	if cp.origin != origin {
		return errors.New("proof: checkpoint of another log")
	}
	return tlog.CheckRecord(proof, cp.tree.N, cp.tree.Hash, index, tlog.RecordHash(entry))
}

func main() {
	url := flag.String("url", "", "the log's prefix, e.g. http://127.0.0.1:8080/tlog")
	vkey := flag.String("vkey", "", "the log's note verifier key")
	oldSize := flag.Int64("old-size", 0, "size of an earlier checkpoint to prove consistency with")
	oldHash := flag.String("old-hash", "", "base64 root hash of that earlier checkpoint")
	proofs := flag.String("proofs", "", "a directory of N.proof (tlog-proof text) and N.entry files to check")
	flag.Parse()
	prefix = strings.TrimSuffix(*url, "/")
	if err := run(*vkey, *oldSize, *oldHash, *proofs); err != nil {
		fmt.Fprintln(os.Stderr, "verifier:", err)
		os.Exit(1)
	}
}

func run(vkey string, oldSize int64, oldHash string, proofDir string) error {
	verifier, err := note.NewVerifier(vkey)
	if err != nil {
		return fmt.Errorf("vkey: %v", err)
	}
	verifiers := note.VerifierList(verifier)
	msg, err := fetch("checkpoint")
	if err != nil {
		return err
	}
	cp, err := openCheckpoint(msg, verifiers)
	if err != nil {
		return err
	}
	if cp.origin != verifier.Name() {
		return fmt.Errorf("checkpoint origin %q is not the key's name %q", cp.origin, verifier.Name())
	}
	tree := cp.tree
	tiles := &httpTiles{cache: map[string][]byte{}, levels: map[int]int{}}
	hashes := tlog.TileHashReader(tree, tiles)

	root, err := tlog.TreeHash(tree.N, hashes)
	if err != nil {
		return err
	}
	if root != tree.Hash {
		return errors.New("the tiles' tree hash is not the checkpoint's")
	}

	// Every entry: its leaf is the tile's hash, and its inclusion proof checks out.
	var checked int64
	for n := int64(0); n*256 < tree.N; n++ {
		w := tree.N - n*256
		path := fmt.Sprintf("tile/entries/%s", strings.TrimPrefix(tlog.Tile{H: tileHeight, L: 0, N: n, W: 256}.Path(), "tile/8/0/"))
		if w < 256 {
			path = fmt.Sprintf("%s.p/%d", path, w)
		} else {
			w = 256
		}
		data, err := fetch(path)
		if err != nil {
			return err
		}
		entries, err := splitBundle(data)
		if err != nil {
			return err
		}
		if int64(len(entries)) != w {
			return fmt.Errorf("%s: %d entries, want %d", path, len(entries), w)
		}
		for i, entry := range entries {
			index := n*256 + int64(i)
			leaf, err := hashes.ReadHashes([]int64{tlog.StoredHashIndex(0, index)})
			if err != nil {
				return err
			}
			if leaf[0] != tlog.RecordHash(entry) {
				return fmt.Errorf("entry %d does not hash to its leaf", index)
			}
			proof, err := tlog.ProveRecord(tree.N, index, hashes)
			if err != nil {
				return err
			}
			if err := tlog.CheckRecord(proof, tree.N, tree.Hash, index, tlog.RecordHash(entry)); err != nil {
				return fmt.Errorf("entry %d: %v", index, err)
			}
			var fields map[string]interface{}
			if err := json.Unmarshal(entry, &fields); err != nil || len(fields) != 7 {
				return fmt.Errorf("entry %d is not the seven-field JSON", index)
			}
			checked++
		}
	}

	consistent := false
	if oldSize > 0 {
		b, err := base64.StdEncoding.DecodeString(oldHash)
		if err != nil || len(b) != tlog.HashSize {
			return errors.New("old-hash: not a base64 hash")
		}
		var old tlog.Hash
		copy(old[:], b)
		proof, err := tlog.ProveTree(tree.N, oldSize, hashes)
		if err != nil {
			return err
		}
		if err := tlog.CheckTree(proof, tree.N, tree.Hash, oldSize, old); err != nil {
			return fmt.Errorf("consistency with the tree of %d: %v", oldSize, err)
		}
		consistent = true
	}

	proofsChecked := 0
	if proofDir != "" {
		files, err := filepath.Glob(filepath.Join(proofDir, "*.proof"))
		if err != nil {
			return err
		}
		for _, file := range files {
			text, err := ioutil.ReadFile(file)
			if err != nil {
				return err
			}
			entry, err := ioutil.ReadFile(strings.TrimSuffix(file, ".proof") + ".entry")
			if err != nil {
				return err
			}
			if err := checkProofText(string(text), entry, verifiers, verifier.Name()); err != nil {
				return fmt.Errorf("%s: %v", filepath.Base(file), err)
			}
			proofsChecked++
		}
	}

	summary, _ := json.Marshal(map[string]interface{}{
		"origin":          cp.origin,
		"size":            tree.N,
		"root":            base64.StdEncoding.EncodeToString(tree.Hash[:]),
		"entries_checked": checked,
		"tiles_by_level":  tiles.levels,
		"consistent":      consistent,
		"proofs_checked":  proofsChecked,
	})
	fmt.Println(string(summary))
	return nil
}
