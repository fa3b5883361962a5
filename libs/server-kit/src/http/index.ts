// The HTTP pieces every Fastify server of ours needs (the API and the front ends' edge). A subpath
// of its own, so the edge takes these without the rest of the kit (Nest, MongoDB, Redis).
export * from './early-answers';
