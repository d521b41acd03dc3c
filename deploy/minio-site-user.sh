#!/bin/sh
# Run by compose.yaml's minio-bucket service at every start, with MinIO's root keys: makes the
# site's bucket and the site's own user, allowed only that bucket's objects. The site never gets
# the root keys. Safe to run again: each step keeps what is already there.
set -eu
mc alias set local http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD"
mc mb --ignore-existing "local/$S3_BUCKET"
policy=$(mktemp)
cat >"$policy" <<JSON
{
  "Version": "2012-10-17",
  "Statement": [
    { "Effect": "Allow", "Action": ["s3:ListBucket", "s3:GetBucketLocation"], "Resource": ["arn:aws:s3:::$S3_BUCKET"] },
    { "Effect": "Allow", "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], "Resource": ["arn:aws:s3:::$S3_BUCKET/*"] }
  ]
}
JSON
mc admin policy create local site-pictures "$policy"
mc admin user add local "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
# Attaching a policy the user already has is an error: attach only when it is missing.
mc admin user info local "$S3_ACCESS_KEY_ID" | grep -q 'site-pictures' || mc admin policy attach local site-pictures --user "$S3_ACCESS_KEY_ID"
